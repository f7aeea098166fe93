import type { CapturedMail } from './catcher.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes a value for HTML text and for a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The inbox pages' policy: no scripts anywhere; inline styles and remote images for the mails' sake. */
export const INBOX_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data: http: https:; form-action 'self'; frame-ancestors 'none'";

const STYLE = `
  body { margin: 0; font-family: system-ui, Arial, sans-serif; color: #1f2933; background: #f5f7fa; }
  header { display: flex; align-items: center; justify-content: space-between; padding: 12px 24px; background: #0b3d91; color: #fff; }
  header a { color: #fff; text-decoration: none; font-weight: bold; }
  main { max-width: 1100px; margin: 0 auto; padding: 24px; }
  table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid #e4e7eb; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e4e7eb; font-size: 14px; }
  th { background: #f0f4f8; }
  td a { color: #0b3d91; }
  .empty { padding: 32px; text-align: center; background: #fff; border: 1px solid #e4e7eb; }
  .meta { background: #fff; border: 1px solid #e4e7eb; padding: 12px 16px; margin-bottom: 16px; font-size: 14px; }
  .meta div { margin: 4px 0; }
  iframe { width: 100%; height: 80vh; min-height: 480px; resize: vertical; border: 1px solid #e4e7eb; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid #e4e7eb; padding: 16px; font-size: 13px; }
  button { padding: 6px 12px; font-size: 14px; cursor: pointer; }
`;

function page(title: string, body: string, options: { refreshSeconds?: number } = {}): string {
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : '';
  return `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<header><a href="/">SMTP catcher</a>
<form method="post" action="/clear"><button type="submit">Clear inbox</button></form></header>
<main>${body}</main>
</body>
</html>
`;
}

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );

/** The inbox: every captured mail, newest first. Refreshes itself every 5 seconds. */
export function renderInboxPage(messages: CapturedMail[]): string {
  if (messages.length === 0) {
    return page(
      'Inbox (0)',
      '<h1>Inbox</h1><p class="empty">No mail yet. Mail sent to this SMTP server shows up here.</p>',
      { refreshSeconds: 5 },
    );
  }
  const rows = messages
    .map(
      (mail) => `<tr>
<td>${escapeHtml(mail.to)}</td>
<td><a href="/messages/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject || '(no subject)')}</a></td>
<td><time datetime="${escapeHtml(mail.date)}">${escapeHtml(formatTime(mail.date))}</time></td>
</tr>`,
    )
    .join('\n');
  return page(
    `Inbox (${messages.length})`,
    `<h1>Inbox (${messages.length})</h1>
<table><thead><tr><th>To</th><th>Subject</th><th>Received</th></tr></thead>
<tbody>
${rows}
</tbody></table>`,
    { refreshSeconds: 5 },
  );
}

/** The mail's HTML as the iframe receives it: links open in a new tab, out of the sandbox. */
export function prepareHtmlForFrame(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}

/** Escapes plain text and turns the web addresses in it into links. */
export function linkifyText(text: string): string {
  return escapeHtml(text).replace(
    /https?:\/\/[^\s<]+/g,
    (url) => `<a href="${url}" target="_blank" rel="noopener">${url}</a>`,
  );
}

/**
 * One mail: its headers, the HTML part in a sandboxed iframe (no scripts, no same-origin; links open in a
 * new tab) and the plain-text part with clickable links.
 */
export function renderMessagePage(mail: CapturedMail): string {
  const htmlPart =
    mail.html === null
      ? '<p class="empty">This mail has no HTML part.</p>'
      : `<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" srcdoc="${escapeHtml(prepareHtmlForFrame(mail.html))}"></iframe>`;
  return page(
    mail.subject || '(no subject)',
    `<p><a href="/">&larr; Inbox</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<div class="meta">
<div><strong>From:</strong> ${escapeHtml(mail.from)}</div>
<div><strong>To:</strong> ${escapeHtml(mail.to)}</div>
<div><strong>Received:</strong> ${escapeHtml(formatTime(mail.date))}</div>
</div>
<h2>HTML</h2>
${htmlPart}
<h2>Plain text</h2>
<pre>${mail.text ? linkifyText(mail.text) : '(no plain-text part)'}</pre>`,
  );
}

/** The page for a mail id the catcher does not hold (cleared, or pushed out by newer mail). */
export function renderNotFoundPage(): string {
  return page('Not found', '<h1>Not found</h1><p>That mail is no longer in the inbox.</p>');
}

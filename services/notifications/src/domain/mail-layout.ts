import { BRAND, SUPPORT_REPLY_HOURS } from '@sh/shared/contract';

/** What every mail is made of: a subject line, an HTML part and a plain-text part. */
export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}

/** Settings a mail needs from outside: where the site lives and whom to write to for help. */
export interface MailContext {
  /** The site's base URL without a trailing slash, e.g. https://www.example.co.uk */
  publicUrl: string;
  supportEmail: string;
}

export const BRAND_NAME = BRAND.name;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes a value for HTML text and for a quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Keeps a subject line on one line whatever a user typed into the values it carries. */
export function toSubject(value: string): string {
  const withoutControls = [...value]
    .map((char) => (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127 ? ' ' : char))
    .join('');
  return withoutControls.replace(/\s{2,}/g, ' ').trim();
}

/** A link to a page of the site, with query values encoded. */
export function siteLink(context: MailContext, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${context.publicUrl}${path}${search ? `?${search}` : ''}`;
}

/**
 * One block of a mail's body: a paragraph, a list, a button, a plain link (for a second or third place to
 * go, under the one button), a table of details, a highlighted value, a long code (a hash) that may wrap
 * anywhere, or preformatted lines (a signed note) kept line for line, as they must be copied.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[]; ordered?: boolean }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'link'; label: string; url: string }
  | { kind: 'code'; label: string; value: string }
  | { kind: 'preformatted'; label: string; value: string }
  | { kind: 'details'; rows: Array<[label: string, value: string]> }
  | { kind: 'highlight'; label: string; value: string };

/** A paragraph of a mail's body. */
export function paragraph(text: string): MailBlock {
  return { kind: 'paragraph', text };
}

export interface MailBody {
  /** The hidden line mail clients show beside the subject. */
  preheader: string;
  heading: string;
  greeting?: string;
  blocks: MailBlock[];
  /** Why the reader got this mail, in the footer. */
  reason: string;
  /** A mail to our own support team: no "questions? write to support" line. */
  isForStaff?: boolean;
}

const COLOURS = {
  brand: '#0b3d91',
  text: '#1f2933',
  muted: '#616e7c',
  border: '#e4e7eb',
  background: '#f5f7fa',
  highlight: '#fff8e1',
};
const FONT = 'font-family: Arial, Helvetica, sans-serif;';

function renderBlockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin: 0 0 16px; ${FONT} font-size: 16px; line-height: 24px; color: ${COLOURS.text};">${escapeHtml(block.text)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items
        .map(
          (item) =>
            `<li style="margin: 0 0 8px; ${FONT} font-size: 16px; line-height: 24px; color: ${COLOURS.text};">${escapeHtml(item)}</li>`,
        )
        .join('');
      return `<${tag} style="margin: 0 0 16px; padding-left: 24px;">${items}</${tag}>`;
    }
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 24px;"><tr>
<td style="border-radius: 6px; background-color: ${COLOURS.brand};">
<a href="${escapeHtml(block.url)}" target="_blank" style="display: inline-block; padding: 14px 28px; ${FONT} font-size: 16px; font-weight: bold; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(block.label)}</a>
</td></tr></table>
<p style="margin: 0 0 16px; ${FONT} font-size: 13px; line-height: 20px; color: ${COLOURS.muted};">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(block.url)}" style="color: ${COLOURS.brand}; word-break: break-all;">${escapeHtml(block.url)}</a></p>`;
    case 'link':
      return `<p style="margin: 0 0 12px; ${FONT} font-size: 16px; line-height: 24px;"><a href="${escapeHtml(block.url)}" target="_blank" style="color: ${COLOURS.brand};">${escapeHtml(block.label)}</a></p>`;
    case 'code':
      return `<p style="margin: 0 0 4px; ${FONT} font-size: 14px; line-height: 20px; color: ${COLOURS.muted};">${escapeHtml(block.label)}</p>
<p style="margin: 0 0 16px; padding: 8px 12px; background-color: ${COLOURS.background}; border-radius: 4px; font-family: Consolas, Menlo, 'Courier New', monospace; font-size: 13px; line-height: 20px; color: ${COLOURS.text}; word-break: break-all;">${escapeHtml(block.value)}</p>`;
    case 'preformatted':
      return `<p style="margin: 0 0 4px; ${FONT} font-size: 14px; line-height: 20px; color: ${COLOURS.muted};">${escapeHtml(block.label)}</p>
<pre style="margin: 0 0 16px; padding: 8px 12px; background-color: ${COLOURS.background}; border-radius: 4px; font-family: Consolas, Menlo, 'Courier New', monospace; font-size: 13px; line-height: 20px; color: ${COLOURS.text}; white-space: pre-wrap; word-break: break-all;">${escapeHtml(block.value)}</pre>`;
    case 'details': {
      const rows = block.rows
        .map(
          ([label, value]) => `<tr>
<td style="padding: 8px 12px 8px 0; ${FONT} font-size: 14px; color: ${COLOURS.muted}; vertical-align: top; white-space: nowrap;">${escapeHtml(label)}</td>
<td style="padding: 8px 0; ${FONT} font-size: 14px; color: ${COLOURS.text}; white-space: pre-wrap;">${escapeHtml(value)}</td></tr>`,
        )
        .join('');
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 0 0 16px; border-top: 1px solid ${COLOURS.border}; width: 100%;">${rows}</table>`;
    }
    case 'highlight':
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 0 0 16px; width: 100%;"><tr>
<td style="padding: 16px; background-color: ${COLOURS.highlight}; border-radius: 6px; ${FONT} font-size: 15px; color: ${COLOURS.text};">${escapeHtml(block.label)}<br><strong style="font-size: 20px; letter-spacing: 1px;">${escapeHtml(block.value)}</strong></td>
</tr></table>`;
  }
}

function renderBlockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.map((item, index) => (block.ordered ? `${index + 1}. ${item}` : `- ${item}`)).join('\n');
    case 'button':
    case 'link':
      return `${block.label}:\n${block.url}`;
    case 'code':
      return `${block.label}\n${block.value}`;
    case 'preformatted':
      return `${block.label}\n\n${block.value.replace(/\n+$/, '')}`;
    case 'details':
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    case 'highlight':
      return `${block.label} ${block.value}`;
  }
}

/**
 * Lays a mail out in the house style: a branded header, the body, and a footer saying who sent it and
 * why. Every value is escaped here, so templates hand over plain strings.
 */
export function renderMail(subject: string, body: MailBody, context: MailContext): ComposedMail {
  const blocksHtml = body.blocks.map(renderBlockHtml).join('\n');
  const greetingHtml = body.greeting
    ? `<p style="margin: 0 0 16px; ${FONT} font-size: 16px; line-height: 24px; color: ${COLOURS.text};">${escapeHtml(body.greeting)}</p>`
    : '';
  const html = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin: 0; padding: 0; background-color: ${COLOURS.background};">
<div style="display: none; max-height: 0; overflow: hidden;">${escapeHtml(body.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color: ${COLOURS.background};"><tr><td align="center" style="padding: 24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width: 600px; background-color: #ffffff; border: 1px solid ${COLOURS.border}; border-radius: 8px;">
<tr><td style="padding: 20px 32px; background-color: ${COLOURS.brand}; border-radius: 8px 8px 0 0; ${FONT} font-size: 20px; font-weight: bold; color: #ffffff;">${BRAND_NAME}</td></tr>
<tr><td style="padding: 32px;">
<h1 style="margin: 0 0 20px; ${FONT} font-size: 22px; line-height: 30px; color: ${COLOURS.text};">${escapeHtml(body.heading)}</h1>
${greetingHtml}
${blocksHtml}
${body.isForStaff ? '' : `<p style="margin: 24px 0 0; ${FONT} font-size: 16px; line-height: 24px; color: ${COLOURS.text};">Kind regards,<br>The ${BRAND_NAME} team</p>`}
</td></tr>
<tr><td style="padding: 20px 32px; border-top: 1px solid ${COLOURS.border}; ${FONT} font-size: 12px; line-height: 18px; color: ${COLOURS.muted};">
${escapeHtml(body.reason)}<br>
${body.isForStaff ? '' : `Questions? Email <a href="mailto:${escapeHtml(context.supportEmail)}" style="color: ${COLOURS.brand};">${escapeHtml(context.supportEmail)}</a>. We reply within ${SUPPORT_REPLY_HOURS} hours.<br>\n`}<a href="${escapeHtml(context.publicUrl)}" style="color: ${COLOURS.muted};">${escapeHtml(context.publicUrl)}</a>
</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
  const text = [
    body.heading,
    '',
    ...(body.greeting ? [body.greeting, ''] : []),
    ...body.blocks.flatMap((block) => [renderBlockText(block), '']),
    ...(body.isForStaff ? [] : [`Kind regards,\nThe ${BRAND_NAME} team`, '']),
    '--',
    body.reason,
    ...(body.isForStaff
      ? []
      : [`Questions? Email ${context.supportEmail}. We reply within ${SUPPORT_REPLY_HOURS} hours.`]),
    context.publicUrl,
    '',
  ].join('\n');
  return { subject: toSubject(subject), html, text };
}

/**
 * A mail handing something a visitor sent through one of the website's forms to our own support team: a
 * table of what they wrote, an optional closing line, and which form it came from.
 */
export function renderStaffMail(
  context: MailContext,
  mail: {
    subject: string;
    preheader: string;
    heading: string;
    details: Array<[label: string, value: string]>;
    closing?: string;
    /** The form, as the footer names it: 'contact form', '"Add My Garage" form'. */
    form: string;
  },
): ComposedMail {
  const blocks: MailBlock[] = [{ kind: 'details', rows: mail.details }];
  if (mail.closing) blocks.push({ kind: 'paragraph', text: mail.closing });
  return renderMail(
    mail.subject,
    {
      preheader: mail.preheader,
      heading: mail.heading,
      blocks,
      isForStaff: true,
      reason: `Sent to the ${BRAND_NAME} support address by the website's ${mail.form}.`,
    },
    context,
  );
}

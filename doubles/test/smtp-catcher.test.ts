import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type CapturedMail, type SmtpCatcher } from '../src/smtp/catcher.js';

let catcher: SmtpCatcher;

beforeAll(async () => {
  catcher = await startSmtpCatcher({ smtpPort: 0, webPort: 0 });
});
afterAll(async () => {
  await catcher?.close();
});
beforeEach(() => {
  catcher.clear();
});

async function sendMail(overrides: Partial<SendMailOptions> = {}, smtpUrl = catcher.smtpUrl) {
  const transport = nodemailer.createTransport(smtpUrl);
  try {
    await transport.sendMail({
      from: 'Service History <no-reply@servicehistory.local>',
      to: 'owner@example.co.uk',
      subject: 'Please confirm your email address',
      text: 'Confirm here: http://localhost:8080/confirm-email?token=abc&x=1',
      html: '<html><head><title>t</title></head><body><p>Hello</p><a href="http://localhost:8080/confirm-email?token=abc">Confirm email address</a></body></html>',
      ...overrides,
    });
  } finally {
    transport.close();
  }
}

async function apiMessages(query = ''): Promise<CapturedMail[]> {
  const response = await fetch(`${catcher.webUrl}/api/messages${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CapturedMail[];
}

describe('the SMTP catcher', () => {
  it('captures a mail sent with nodemailer and lists it in GET /api/messages', async () => {
    await sendMail();
    const [mail, ...rest] = await apiMessages();
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      to: 'owner@example.co.uk',
      from: '"Service History" <no-reply@servicehistory.local>',
      subject: 'Please confirm your email address',
      text: 'Confirm here: http://localhost:8080/confirm-email?token=abc&x=1',
    });
    expect(mail!.html).toContain('<a href="http://localhost:8080/confirm-email?token=abc">Confirm email address</a>');
    expect(Number.isNaN(Date.parse(mail!.date))).toBe(false);
    expect(catcher.messages()).toEqual([mail]);
  });

  it('lists messages newest first and filters them by recipient', async () => {
    await sendMail({ to: 'first@example.co.uk', subject: 'First' });
    await sendMail({ to: 'second@example.co.uk', subject: 'Second' });
    expect((await apiMessages()).map((m) => m.subject)).toEqual(['Second', 'First']);
    expect((await apiMessages('?to=FIRST@example.co.uk')).map((m) => m.subject)).toEqual(['First']);
    const [newest] = await apiMessages();
    const one = await fetch(`${catcher.webUrl}/api/messages/${newest!.id}`);
    expect(await one.json()).toEqual(newest);
    expect((await fetch(`${catcher.webUrl}/api/messages/no-such-id`)).status).toBe(404);
  });

  it('shows the mail in the HTML inbox, newest first, escaping what the mail holds', async () => {
    await sendMail({ to: 'first@example.co.uk', subject: 'Older mail' });
    await sendMail({ to: 'second@example.co.uk', subject: 'Welcome <script>alert(1)</script>' });
    const response = await fetch(`${catcher.webUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('second@example.co.uk');
    expect(page).toContain('Welcome &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page.indexOf('second@example.co.uk')).toBeLessThan(page.indexOf('first@example.co.uk'));
  });

  it('shows one mail with its HTML in a sandboxed iframe without scripts, links opening a new tab, and the text part', async () => {
    await sendMail();
    const [mail] = await apiMessages();
    const page = await (await fetch(`${catcher.webUrl}/messages/${mail!.id}`)).text();
    const frame = /<iframe[^>]*>/.exec(page)?.[0] ?? '';
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).not.toContain('allow-scripts');
    expect(frame).toContain('srcdoc="');
    expect(frame).toContain('&lt;base target=&quot;_blank&quot;&gt;');
    expect(frame).toContain('href=&quot;http://localhost:8080/confirm-email?token=abc&quot;');
    expect(page).toContain(
      '<a href="http://localhost:8080/confirm-email?token=abc&amp;x=1" target="_blank" rel="noopener">',
    );
  });

  it('answers 404 for a mail it does not hold', async () => {
    expect((await fetch(`${catcher.webUrl}/messages/no-such-id`)).status).toBe(404);
  });

  it('empties the inbox on DELETE /api/messages', async () => {
    await sendMail();
    const response = await fetch(`${catcher.webUrl}/api/messages`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await apiMessages()).toEqual([]);
    expect(await (await fetch(`${catcher.webUrl}/`)).text()).toContain('No mail yet');
  });

  it('accepts a client that logs in with any credentials', async () => {
    const withLogin = catcher.smtpUrl.replace('smtp://', 'smtp://user:secret@');
    await sendMail({ subject: 'With login' }, withLogin);
    expect((await apiMessages()).map((m) => m.subject)).toEqual(['With login']);
  });

  it('waitFor resolves with a mail that arrives later, and rejects when none does', async () => {
    const waiting = catcher.waitFor((mail) => mail.to === 'later@example.co.uk', 5000);
    await sendMail({ to: 'later@example.co.uk', subject: 'Later' });
    expect((await waiting).subject).toBe('Later');
    await expect(catcher.waitFor((mail) => mail.to === 'never@example.co.uk', 200)).rejects.toThrow(
      'No matching mail within 200 ms',
    );
  });
});

describe('the SMTP catcher with a small memory', () => {
  it('keeps only the newest messages', async () => {
    const small = await startSmtpCatcher({ smtpPort: 0, webPort: 0, maxMessages: 3 });
    try {
      for (const n of [1, 2, 3, 4, 5]) await sendMail({ subject: `Mail ${n}` }, small.smtpUrl);
      expect(small.messages().map((m) => m.subject)).toEqual(['Mail 3', 'Mail 4', 'Mail 5']);
    } finally {
      await small.close();
    }
  });
});

describe('the SMTP catcher by default', () => {
  it('keeps the newest 500 messages', async () => {
    const transport = nodemailer.createTransport({
      url: catcher.smtpUrl,
      pool: true,
      maxConnections: 5,
      maxMessages: Infinity,
    });
    try {
      await Promise.all(
        Array.from({ length: 505 }, (_, n) =>
          transport.sendMail({ from: 'a@example.co.uk', to: 'b@example.co.uk', subject: `Bulk ${n}`, text: 'x' }),
        ),
      );
    } finally {
      transport.close();
    }
    const messages = catcher.messages();
    expect(messages).toHaveLength(500);
    expect((await apiMessages()).length).toBe(500);
  });
});

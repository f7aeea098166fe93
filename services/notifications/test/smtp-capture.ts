import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One attempt the server saw: when, for whom, and whether it took the mail or refused it with a code. */
export interface SmtpAttempt {
  at: number;
  to: string[];
  outcome: 'accepted' | number;
}

export interface SmtpCapture {
  url: string;
  mails: ParsedMail[];
  /** Mails the server read and then refused at the DATA stage (their content, as it was offered). */
  refusedMails: ParsedMail[];
  attempts: SmtpAttempt[];
  /** Refuses the next `times` mails to `recipient` with `code` at the DATA stage, or at RCPT TO. */
  refuse(recipient: string, rule: { code: number; times: number; stage?: 'rcpt' | 'data' }): void;
  mailsTo(recipient: string): ParsedMail[];
  waitForMail(recipient: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

function smtpError(code: number): Error {
  return Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A real SMTP server on a free loopback port that parses what it receives, and can refuse on request. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: ParsedMail[] = [];
  const refusedMails: ParsedMail[] = [];
  const attempts: SmtpAttempt[] = [];
  const rules = new Map<string, { code: number; times: number; stage: 'rcpt' | 'data' }>();
  const waiters = new Set<() => void>();

  const takeRule = (recipient: string, stage: 'rcpt' | 'data'): number | null => {
    const rule = rules.get(recipient.toLowerCase());
    if (!rule || rule.stage !== stage || rule.times <= 0) return null;
    rule.times -= 1;
    return rule.code;
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      const code = takeRule(address.address, 'rcpt');
      if (code === null) return callback();
      attempts.push({ at: Date.now(), to: [address.address], outcome: code });
      callback(smtpError(code));
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      readAll(stream)
        .then(async (raw) => {
          const code = to.map((address) => takeRule(address, 'data')).find((c) => c !== null) ?? null;
          if (code !== null) {
            refusedMails.push(await simpleParser(raw));
            attempts.push({ at: Date.now(), to, outcome: code });
            return callback(smtpError(code));
          }
          mails.push(await simpleParser(raw));
          attempts.push({ at: Date.now(), to, outcome: 'accepted' });
          callback();
          for (const wake of waiters) wake();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (recipient: string) =>
    mails.filter((mail) => {
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      return to.some((group) => group.value.some((a) => a.address?.toLowerCase() === recipient.toLowerCase()));
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusedMails,
    attempts,
    refuse(recipient, rule) {
      rules.set(recipient.toLowerCase(), { stage: 'data', ...rule });
    },
    mailsTo,
    waitForMail(recipient, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mailsTo(recipient)[0];
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`No mail to ${recipient} within ${timeoutMs} ms (${mails.length} captured)`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

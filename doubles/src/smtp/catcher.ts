import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { LOCAL_PORTS } from '@sh/shared/server';
import {
  INBOX_CONTENT_SECURITY_POLICY,
  renderInboxPage,
  renderMessagePage,
  renderNotFoundPage,
} from './inbox-pages.js';

/** A mail the catcher received, as GET /api/messages reports it. */
export interface CapturedMail {
  id: string;
  /** The To addresses, comma-separated (the SMTP envelope's recipients when the header has none). */
  to: string;
  /** The From header as written, e.g. '"Service History" <no-reply@servicehistory.local>'. */
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** When the catcher received it, ISO 8601. */
  date: string;
}

export interface SmtpCatcherOptions {
  /** 1025 unless given; 0 picks a free port. */
  smtpPort?: number;
  /** 8025 unless given; 0 picks a free port. */
  webPort?: number;
  host?: string;
  /** How many mails are kept; the oldest go first. */
  maxMessages?: number;
}

export interface SmtpCatcher {
  smtpUrl: string;
  webUrl: string;
  /** What was received, oldest first. */
  messages(): CapturedMail[];
  /** Resolves with the first mail (already here or still to come) that matches, or rejects after timeoutMs. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  clear(): void;
  close(): Promise<void>;
}

const MAX_MESSAGES = 500;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const groups = Array.isArray(field) ? field : field ? [field] : [];
  return groups.flatMap((group) => group.value.map((entry) => entry.address ?? '').filter(Boolean));
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, 'application/json', JSON.stringify(value));
}

function sendPage(res: ServerResponse, status: number, html: string): void {
  res.setHeader('content-security-policy', INBOX_CONTENT_SECURITY_POLICY);
  res.setHeader('referrer-policy', 'no-referrer');
  send(res, status, 'text/html', html);
}

/**
 * A local stand-in for a mail provider: an SMTP server that accepts any mail (authentication optional,
 * any credentials, no TLS) and a small web inbox to read it. For development and tests only.
 *
 * Web inbox:
 *   GET /                   the list, newest first (to, subject, time)
 *   GET /messages/{id}      one mail: the HTML part in a sandboxed iframe, and the text part
 *   POST /clear             empties the inbox (the list page's button)
 *   GET /api/messages       JSON array of {id, to, from, subject, text, html, date}, newest first;
 *                           ?to=address keeps the mails to that address
 *   GET /api/messages/{id}  one of them
 *   DELETE /api/messages    empties the inbox (204)
 */
export async function startSmtpCatcher(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
  const host = options.host ?? '127.0.0.1';
  const maxMessages = options.maxMessages ?? MAX_MESSAGES;
  const received: CapturedMail[] = [];
  const listeners = new Set<(mail: CapturedMail) => void>();

  const keep = (mail: CapturedMail) => {
    received.push(mail);
    if (received.length > maxMessages) received.splice(0, received.length - maxMessages);
    for (const listener of listeners) listener(mail);
  };

  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Service History SMTP catcher',
    logger: false,
    closeTimeout: 1000,
    disableReverseLookup: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anyone' });
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          const parsed = await simpleParser(raw);
          const headerTo = addressesOf(parsed.to);
          const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
          keep({
            id: randomUUID(),
            to: (headerTo.length > 0 ? headerTo : envelopeTo).join(', '),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            date: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  smtp.on('error', () => {
    // A client that misbehaves (drops the connection mid-command) is that client's problem.
  });

  const newestFirst = () => [...received].reverse();
  const findMail = (id: string) => received.find((mail) => mail.id === id);
  const clear = () => {
    received.length = 0;
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const method = req.method ?? 'GET';
    const messageMatch = /^\/messages\/([^/]+)$/.exec(url.pathname);
    const apiMessageMatch = /^\/api\/messages\/([^/]+)$/.exec(url.pathname);

    if (method === 'GET' && url.pathname === '/') return sendPage(res, 200, renderInboxPage(newestFirst()));
    if (method === 'GET' && messageMatch) {
      const mail = findMail(decodeURIComponent(messageMatch[1] ?? ''));
      return mail ? sendPage(res, 200, renderMessagePage(mail)) : sendPage(res, 404, renderNotFoundPage());
    }
    if (method === 'POST' && url.pathname === '/clear') {
      clear();
      res.writeHead(303, { location: '/' });
      return res.end();
    }
    if (url.pathname === '/api/messages') {
      if (method === 'GET') {
        const to = url.searchParams.get('to')?.toLowerCase();
        const mails = newestFirst().filter((mail) => !to || mail.to.toLowerCase().split(', ').includes(to));
        return sendJson(res, 200, mails);
      }
      if (method === 'DELETE') {
        clear();
        res.writeHead(204);
        return res.end();
      }
      res.setHeader('allow', 'GET, DELETE');
      return sendJson(res, 405, { message: 'Method not allowed' });
    }
    if (method === 'GET' && apiMessageMatch) {
      const mail = findMail(decodeURIComponent(apiMessageMatch[1] ?? ''));
      return mail ? sendJson(res, 200, mail) : sendJson(res, 404, { message: 'Not found' });
    }
    return sendJson(res, 404, { message: 'Not found' });
  };

  const web: Server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) sendJson(res, 400, { message: 'Bad request' });
      else res.end();
    }
  });

  const listen = (
    server: {
      listen(port: number, host: string, cb: () => void): unknown;
      once(event: 'error', cb: (e: Error) => void): unknown;
    },
    port: number,
  ) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });

  await listen(smtp.server, options.smtpPort ?? LOCAL_PORTS.smtpCatcher);
  try {
    await listen(web, options.webPort ?? LOCAL_PORTS.smtpInbox);
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const webPort = (web.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  return {
    smtpUrl: `smtp://${urlHost}:${smtpPort}`,
    webUrl: `http://${urlHost}:${webPort}`,
    messages: () => [...received],
    waitFor(predicate, timeoutMs = 10_000) {
      const already = received.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const listener = (mail: CapturedMail) => {
          if (!predicate(mail)) return;
          cleanup();
          resolve(mail);
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = received.map((mail) => `${mail.to}: ${mail.subject}`).join('; ') || 'nothing';
          reject(new Error(`No matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(listener);
        };
        listeners.add(listener);
      });
    },
    clear,
    async close() {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => {
          web.close(() => resolve());
          web.closeAllConnections();
        }),
      ]);
    },
  };
}

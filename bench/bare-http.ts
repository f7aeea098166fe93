/**
 * What the benchmark's bare baselines share: a node:http server on 127.0.0.1 whose /healthz answers ok and
 * whose other requests go to one handler, and a clean stop (the pool ended) when the benchmark is done.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type pg from 'pg';

/** Answers a JSON body with its status. */
export type SendJson = (status: number, body: string) => void;

/** Serves `handle` on 127.0.0.1:port; a handler that fails answers a bare 500. */
export function serveBare(
  port: number,
  pool: pg.Pool,
  handle: (req: IncomingMessage, send: SendJson) => Promise<void>,
): void {
  createServer((req, res) => {
    if (req.url === '/healthz') {
      res.end('ok');
      return;
    }
    const send: SendJson = (status, body) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    };
    handle(req, send).catch(() => {
      res.writeHead(500);
      res.end();
    });
  }).listen(port, '127.0.0.1');

  const stop = () => void pool.end().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}

/** A request's whole body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  let raw = '';
  for await (const chunk of req) raw += (chunk as Buffer).toString();
  return raw;
}

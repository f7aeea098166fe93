import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import { capturingLogger, listenForTest } from '@sh/shared/testing';
import { describe, expect, it, vi } from 'vitest';
import { requestContext, type Logger } from '../src/server/index.js';

/** A logger at `level` whose lines the test reads, and a count of the child loggers made from it. */
function countingLogger(level: string) {
  const { logger, lines } = capturingLogger(level);
  const child = vi.spyOn(logger, 'child');
  return { logger, lines, childrenMade: () => child.mock.calls.length };
}

type Handler = (req: IncomingMessage & { id: string; log: Logger }, res: ServerResponse) => void;

/** `handler` behind requestContext, on node's own request listener or in an express app. */
function listenWith(kind: 'node:http' | 'express', logger: Logger, handler: Handler) {
  const context = requestContext(logger);
  if (kind === 'node:http') return listenForTest((req, res) => context(req, res, () => handler(req as never, res)));
  const app = express();
  app.use(context);
  app.get('/{*path}', (req, res) => handler(req as never, res));
  return listenForTest(app);
}

describe('requestContext', () => {
  it.each(['node:http', 'express'] as const)(
    "gives a request's log lines its id, and makes the child logger only for a request that logs (%s)",
    async (kind) => {
      const logs = countingLogger('warn');
      const listening = await listenWith(kind, logs.logger, (req, res) => {
        if (req.url === '/logs') req.log.warn({ step: 1 }, 'something to say');
        res.end('ok');
      });
      try {
        const quiet = await fetch(`${listening.url}/quiet`);
        expect(quiet.status).toBe(200);
        expect(quiet.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
        expect(logs.childrenMade()).toBe(0);

        const talking = await fetch(`${listening.url}/logs`, { headers: { 'x-request-id': 'caller-chosen-id-1' } });
        expect(talking.headers.get('x-request-id')).toBe('caller-chosen-id-1');
        expect(logs.childrenMade()).toBe(1);
        expect(logs.lines).toEqual([
          expect.objectContaining({ level: 40, reqId: 'caller-chosen-id-1', step: 1, msg: 'something to say' }),
        ]);
      } finally {
        await listening.close();
      }
    },
  );

  it('logs a 5xx answer at error level with its request id, and uses a logger the handler put in place', async () => {
    const logs = countingLogger('warn');
    const replacement = countingLogger('info');
    const listening = await listenWith('express', logs.logger, (req, res) => {
      if (req.url === '/replaced') req.log = replacement.logger;
      res.statusCode = req.url === '/fails' ? 503 : 200;
      res.end();
    });
    try {
      await fetch(`${listening.url}/fails`, { headers: { 'x-request-id': 'failing-request-1' } });
      await vi.waitFor(() =>
        expect(logs.lines).toEqual([
          expect.objectContaining({ level: 50, reqId: 'failing-request-1', status: 503, path: '/fails' }),
        ]),
      );

      await fetch(`${listening.url}/replaced`);
      await vi.waitFor(() =>
        expect(replacement.lines).toEqual([expect.objectContaining({ level: 30, status: 200, path: '/replaced' })]),
      );
      expect(logs.lines).toHaveLength(1);
    } finally {
      await listening.close();
    }
  });

  it('leaves req.log undefined on a request that did not pass it', async () => {
    let seen: unknown = 'not read';
    const listening = await listenForTest((req, res) => {
      seen = (req as IncomingMessage & { log?: Logger }).log;
      res.end();
    });
    try {
      await fetch(listening.url);
      expect(seen).toBeUndefined();
    } finally {
      await listening.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../src/contract/messages.js';
import { createPool, createServiceApp, isDatabaseUnavailable, withTransaction } from '../src/server/index.js';
import { listenForTest, testLogger, TEST_POSTGRES_URL } from '../src/testing/index.js';

const pool = createPool(TEST_POSTGRES_URL, 2);
/** A second pool, to look at and end the first one's backends. */
const watcher = createPool(TEST_POSTGRES_URL, 1);
let app: { url: string; close(): Promise<void> };

/** Ends a backend as a Postgres shutting down would, and waits until it has gone. */
async function terminate(pid: number): Promise<void> {
  await watcher.query('SELECT pg_terminate_backend($1)', [pid]);
  const isRunning = async () =>
    (await watcher.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 1;
  await expect.poll(isRunning, { timeout: 5000 }).toBe(false);
}

beforeAll(async () => {
  app = await listenForTest(
    createServiceApp({
      logger: testLogger,
      pool,
      routes: (express) => {
        // A transaction whose backend is ended while it runs, as a Postgres restart ends every one in flight.
        express.post('/slow-write', async (_req, res) => {
          const answer = await withTransaction(pool, async (client) => {
            const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
            await Promise.all([client.query('SELECT pg_sleep(5)'), terminate(rows[0]!.pid)]);
            return 'written';
          });
          res.json({ status: 200, data: answer });
        });
      },
    }),
  );
});
afterAll(async () => {
  await app.close();
  await Promise.all([pool.end(), watcher.end()]);
});

describe("a pool client's lost connection (Postgres restarted)", () => {
  it('is reported to the code holding the client, not thrown at the process, and the pool carries on', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // A client checked out between two statements of a transaction, as a handler awaiting Redis holds one.
      const client = await pool.connect();
      await client.query('BEGIN');
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await terminate(rows[0]!.pid);
      // The client has read the backend's last message and the socket's end by now.
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The holder learns of it from its next statement, which fails.
      await expect(client.query('SELECT 1')).rejects.toThrow();
      // Released as withTransaction releases it: the pool drops the dead client, so both of its slots answer again.
      client.release();
      expect(uncaught).toEqual([]);
      const answers = await Promise.all([1, 2].map(() => pool.query<{ one: number }>('SELECT 1 AS one')));
      expect(answers.map((answer) => answer.rows)).toEqual([[{ one: 1 }], [{ one: 1 }]]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('answers a request whose statement it cut with 503 and Retry-After, which a client may send again, not 500', async () => {
    const response = await fetch(`${app.url}/slow-write`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      status: 503,
      code: 'service_unavailable',
      message: MESSAGES.platform.serviceUnavailable,
    });
  });

  it('tells a database that is away from a fault of the code', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    expect(['57P01', '57P03', '08006', 'ECONNREFUSED'].map((code) => isDatabaseUnavailable(withCode(code)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      [withCode('23505'), withCode('42P01'), new TypeError('x is undefined'), 'a string'].map(isDatabaseUnavailable),
    ).toEqual([false, false, false, false]);
  });
});

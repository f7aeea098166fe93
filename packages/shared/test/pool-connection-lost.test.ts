import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '../src/server/index.js';
import { TEST_POSTGRES_URL } from '../src/testing/index.js';

const pool = createPool(TEST_POSTGRES_URL, 2);
afterAll(async () => {
  await pool.end();
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
      const pid = rows[0]!.pid;
      await pool.query('SELECT pg_terminate_backend($1)', [pid]);
      // The backend is gone, and the client has read its last message and the socket's end, between two statements.
      const isRunning = async () => (await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 1;
      await expect.poll(isRunning, { timeout: 5000 }).toBe(false);
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
});

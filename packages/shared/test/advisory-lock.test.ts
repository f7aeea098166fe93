import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, runUnlessLocked, type Pool } from '../src/server/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.js';

const LOCK = 727_299;
let db: TestDatabase;
/** A second replica's pool on the same database. */
let otherPool: Pool;

beforeAll(async () => {
  db = await createTestDatabase('kit_advisory_lock', path.join(import.meta.dirname, 'fixtures/migrations'));
  otherPool = createPool(db.url, 2);
});
afterAll(async () => {
  await otherPool?.end();
  await db?.drop();
});

describe('runUnlessLocked', () => {
  it('runs the work on one replica while the other skips it, then lets the next pass run', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const first = runUnlessLocked(db.pool, LOCK, async () => {
      runs += 1;
      await held;
      return 'first';
    });
    // Wait until the first holds the lock, then the other replica tries.
    while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await runUnlessLocked(otherPool, LOCK, async () => (runs += 1))).toEqual({ ran: false });
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await runUnlessLocked(otherPool, LOCK, async () => 'second')).toEqual({ ran: true, value: 'second' });
    expect(runs).toBe(1);
  });

  it('lets go of the lock when the work fails', async () => {
    await expect(
      runUnlessLocked(db.pool, LOCK, async () => {
        throw new Error('the pass failed');
      }),
    ).rejects.toThrow('the pass failed');
    expect(await runUnlessLocked(otherPool, LOCK, async () => 'after')).toEqual({ ran: true, value: 'after' });
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, spendDailyAllowance, withTransaction, type Pool } from '../src/server/index.js';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.js';

let db: TestDatabase;
/** A pool of its own, so that spends at once run on separate connections, as replicas' would. */
let many: Pool;

beforeAll(async () => {
  db = await createTestDatabase('kit_daily_allowance', path.join(import.meta.dirname, 'fixtures/daily-allowances'));
  many = createPool(db.url, 8);
});
afterAll(async () => {
  await many?.end();
  await db?.drop();
});

let counter = 0;
const newKey = () => `garage-${(counter += 1)}`;

describe('spendDailyAllowance', () => {
  it('lets exactly the limit through when many spend at once, and another key keeps its own', async () => {
    const key = newKey();
    const spends = await Promise.all(
      Array.from({ length: 8 }, () => spendDailyAllowance(many, { allowance: 'invites', key, limit: 3 })),
    );
    expect(spends.filter(Boolean)).toHaveLength(3);
    expect(await spendDailyAllowance(db.pool, { allowance: 'invites', key, limit: 3 })).toBe(false);
    expect(await spendDailyAllowance(db.pool, { allowance: 'invites', key: newKey(), limit: 3 })).toBe(true);
    expect(await spendDailyAllowance(db.pool, { allowance: 'mails', key, limit: 3 })).toBe(true);
  });

  it("counts by the UK's day: 23:59 in London is one day, midnight there the next", async () => {
    const key = newKey();
    const spend = (at: string) =>
      spendDailyAllowance(db.pool, { allowance: 'invites', key, limit: 1, at: new Date(at) });
    expect(await spend('2026-07-01T00:30:00Z')).toBe(true); // 01:30 BST on 1 July
    expect(await spend('2026-07-01T22:59:59Z')).toBe(false); // 23:59:59 BST, still 1 July
    expect(await spend('2026-07-01T23:00:00Z')).toBe(true); // midnight BST: 2 July
    expect(await spend('2026-12-01T23:30:00Z')).toBe(true); // GMT: 23:30 on 1 December
    expect(await spend('2026-12-01T23:59:00Z')).toBe(false);
  });

  it('gives the spend back when its transaction rolls back', async () => {
    const key = newKey();
    await expect(
      withTransaction(db.pool, async (client) => {
        expect(await spendDailyAllowance(client, { allowance: 'invites', key, limit: 1 })).toBe(true);
        throw new Error('refused for another reason');
      }),
    ).rejects.toThrow('refused for another reason');
    expect(await spendDailyAllowance(db.pool, { allowance: 'invites', key, limit: 1 })).toBe(true);
  });

  it('keeps no key in clear and deletes the rows of days before yesterday', async () => {
    const key = 'someone@example.co.uk';
    await spendDailyAllowance(db.pool, { allowance: 'receipts', key, limit: 5, at: new Date('2026-03-01T12:00:00Z') });
    await spendDailyAllowance(db.pool, { allowance: 'receipts', key, limit: 5, at: new Date('2026-03-03T12:00:00Z') });
    const { rows } = await db.pool.query<{ key_hash: string; day: string }>(
      "SELECT key_hash, to_char(day, 'YYYY-MM-DD') AS day FROM daily_allowances WHERE allowance = 'receipts'",
    );
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows.map((row) => row.day).sort()).toEqual(['2026-03-03']);

    await expect(spendDailyAllowance(db.pool, { allowance: 'receipts', key, limit: 0 })).rejects.toThrow(/at least 1/);
  });
});

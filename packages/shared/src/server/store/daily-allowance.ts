import { createHash } from 'node:crypto';
import { SERVICE_TIME_ZONE } from '../../contract/constants.js';
import type { Queryable } from './db.js';

/**
 * A daily allowance (docs/architecture.md#daily-allowances): at most `limit` of something a day for one key (a
 * garage's invitations, the mails to one address), the day being the UK's (SERVICE_TIME_ZONE). The owning service's
 * migrations create its `daily_allowances` table:
 *
 *   CREATE TABLE daily_allowances (allowance text, key_hash text, day date, spent integer NOT NULL,
 *                                  PRIMARY KEY (allowance, key_hash, day));
 *   CREATE INDEX daily_allowances_day ON daily_allowances (day);
 */
export interface DailyAllowance {
  /** What is counted, e.g. 'technician-invitations-by-garage': one name per kind of allowance. */
  allowance: string;
  /** Whose allowance it is (a garage's id, an e-mail address): stored only as its SHA-256, so no address is kept. */
  key: string;
  /** How many a day; at least 1. */
  limit: number;
  /** The moment it is spent at (now by default), whose UK date is the day it counts against. */
  at?: Date;
}

/** How many rows of past days one spend deletes at most, so the table holds about two days and no spend waits long. */
const PAST_DAYS_PRUNED_PER_SPEND = 100;

/**
 * Spends one of an allowance's day, atomically: two spends at once cannot both take the last one, in or out of a
 * transaction (the conflict's row lock orders them). Answers whether one was left; when none was, nothing changes.
 * Spent inside a caller's transaction it is given back if that transaction rolls back, so a refusal for another
 * reason costs nothing. Each spend also deletes a few rows of days before yesterday that no one is holding.
 */
export async function spendDailyAllowance(db: Queryable, allowance: DailyAllowance): Promise<boolean> {
  if (!Number.isInteger(allowance.limit) || allowance.limit < 1) {
    throw new Error(`a daily allowance's limit is a whole number of at least 1, not ${allowance.limit}`);
  }
  const at = allowance.at ?? new Date();
  const keyHash = createHash('sha256').update(allowance.key).digest('hex');
  const { rowCount } = await db.query(
    `INSERT INTO daily_allowances (allowance, key_hash, day, spent)
     VALUES ($1, $2, ($3::timestamptz AT TIME ZONE $5)::date, 1)
     ON CONFLICT (allowance, key_hash, day) DO UPDATE SET spent = daily_allowances.spent + 1
       WHERE daily_allowances.spent < $4
     RETURNING spent`,
    [allowance.allowance, keyHash, at, allowance.limit, SERVICE_TIME_ZONE],
  );
  await db.query(
    `DELETE FROM daily_allowances WHERE ctid IN (
       SELECT ctid FROM daily_allowances WHERE day < ($1::timestamptz AT TIME ZONE $3)::date - 1
        LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [at, PAST_DAYS_PRUNED_PER_SPEND, SERVICE_TIME_ZONE],
  );
  return rowCount === 1;
}

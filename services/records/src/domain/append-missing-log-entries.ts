import { withTransaction, type Logger, type Pool } from '@sh/shared/server';
import { findEntriesMissingFromLog } from '../store/find-entries-missing-from-log.js';
import { appendToLog } from './append-to-log.js';

/** The advisory lock the start-up catch-up holds (the migrations hold 727274, the events reconciler 727275). */
export const LOG_CATCH_UP_LOCK = 727_276;
const BATCH = 500;

/**
 * Appends to the transparency log every chain entry not in it yet (those stored before the log existed), in their
 * order of entry: signed_at, then registration, then position. A start-up step; each batch is one transaction under
 * an advisory lock, so replicas starting at once append each entry once, and it takes only the log's head (never a
 * vehicle's chain), so it keeps the lock order of the writers running beside it. Answers how many it appended.
 */
export async function appendMissingLogEntries(pool: Pool, logger?: Logger): Promise<number> {
  let appended = 0;
  for (;;) {
    const count = await withTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOG_CATCH_UP_LOCK]);
      // Read after the lock: what another replica appended before it let go is seen, and not appended again.
      const entries = await findEntriesMissingFromLog(client, BATCH);
      for (const entry of entries) await appendToLog(client, entry);
      return entries.length;
    });
    appended += count;
    if (count < BATCH) break;
  }
  if (appended > 0) logger?.info({ appended }, 'appended chain entries stored before the transparency log');
  return appended;
}

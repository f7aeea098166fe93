import { withTransaction, type Logger, type Pool } from '@sh/shared/server';
import { findEntriesMissingFromLog } from '../store/find-entries-missing-from-log.js';
import { lockLogHead } from '../store/lock-log-head.js';
import { appendToLog } from './append-to-log.js';

const BATCH = 500;

/**
 * Appends to the transparency log every chain entry not in it yet (those stored before the log existed), in their
 * order of entry: signed_at, then registration, then position. A start-up step; each batch is one transaction that
 * first locks the log's head, as every append does, so replicas starting at once append each entry once; it takes
 * only the head (never a vehicle's chain), so it keeps the lock order of the writers running beside it. Answers how many it appended.
 */
export async function appendMissingLogEntries(pool: Pool, logger?: Logger): Promise<number> {
  let appended = 0;
  for (;;) {
    const count = await withTransaction(pool, async (client) => {
      await lockLogHead(client);
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

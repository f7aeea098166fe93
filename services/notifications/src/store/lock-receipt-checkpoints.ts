import type { Queryable } from '@sh/shared/server';

/** The advisory lock between held receipts and the checkpoints that release them (this service's database only). */
const RECEIPT_CHECKPOINTS_LOCK = 727_278;

/**
 * Takes, for the rest of the event's transaction, the lock that orders holding a receipt against keeping a checkpoint:
 * `shared` for a receipt (receipts go side by side), `exclusive` for a checkpoint. Without it a receipt could look for
 * its checkpoint just before that checkpoint commits, and hold itself just after the checkpoint looked for receipts to
 * release: held for good. With it, whichever commits second sees the other.
 */
export async function lockReceiptCheckpoints(db: Queryable, mode: 'shared' | 'exclusive'): Promise<void> {
  await db.query(mode === 'shared' ? 'SELECT pg_advisory_xact_lock_shared($1)' : 'SELECT pg_advisory_xact_lock($1)', [
    RECEIPT_CHECKPOINTS_LOCK,
  ]);
}

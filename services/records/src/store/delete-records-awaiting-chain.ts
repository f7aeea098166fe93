import type { Queryable } from '@sh/shared/server';

/** Takes chained records off the waiting list (in the transaction that chained them). */
export async function deleteRecordsAwaitingChain(db: Queryable, recordIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM records_awaiting_chain WHERE record_id = ANY($1::uuid[])', [recordIds]);
}

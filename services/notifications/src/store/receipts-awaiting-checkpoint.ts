import type { Queryable } from '@sh/shared/server';
import type { ServiceRecordReceiptInput } from '../domain/compose-service-record-receipt-mail.js';

/** A receipt mail held until a checkpoint covers its leaf. */
export interface HeldReceipt {
  eventId: string;
  to: string;
  receipt: ServiceRecordReceiptInput & { leafIndex: number };
}

/** Holds a receipt mail for its checkpoint; a receipt already held for the event is left alone. */
export async function holdReceipt(db: Queryable, held: HeldReceipt): Promise<void> {
  await db.query(
    `INSERT INTO receipts_awaiting_checkpoint (event_id, leaf_index, to_address, receipt) VALUES ($1, $2, $3, $4)
     ON CONFLICT (event_id) DO NOTHING`,
    [held.eventId, held.receipt.leafIndex, held.to, JSON.stringify(held.receipt)],
  );
}

/** Takes (deletes and answers) every held receipt whose leaf a tree of `treeSize` leaves covers, lowest leaf first. */
export async function takeReceiptsCoveredBy(db: Queryable, treeSize: number): Promise<HeldReceipt[]> {
  const { rows } = await db.query<{ event_id: string; to_address: string; receipt: HeldReceipt['receipt'] }>(
    'DELETE FROM receipts_awaiting_checkpoint WHERE leaf_index < $1 RETURNING event_id, to_address, receipt',
    [treeSize],
  );
  return rows
    .map((row) => ({ eventId: row.event_id, to: row.to_address, receipt: row.receipt }))
    .sort((a, b) => a.receipt.leafIndex - b.receipt.leafIndex);
}

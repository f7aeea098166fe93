import type { TEventPayload } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { enqueueMail } from '../store/enqueue-mail.js';
import { findCoveringCheckpoint, forgetOldCheckpoints, insertLogCheckpoint } from '../store/log-checkpoints.js';
import { lockReceiptCheckpoints } from '../store/lock-receipt-checkpoints.js';
import { holdReceipt, takeReceiptsCoveredBy } from '../store/receipts-awaiting-checkpoint.js';
import {
  composeServiceRecordReceiptMail,
  type ServiceRecordReceiptInput,
} from './compose-service-record-receipt-mail.js';
import type { MailContext } from './mail-layout.js';

export const RECEIPT_TEMPLATE = 'service_record_receipt';

/**
 * How long a checkpoint is kept after a newer one: far beyond the day and more an event is retried for, so a receipt
 * names the first checkpoint that covered it unless its event was dead and replayed later than this.
 */
export const CHECKPOINT_KEEP_DAYS = 7;

/**
 * The garage's receipt mail for a new record (issue 23: it carries the checkpoint its entry was included in). Queued
 * at once when a checkpoint records announced already covers the entry's leaf, else held until one does
 * (releaseReceiptsCoveredBy). Runs in the event's transaction, so the receipt is queued or held exactly when the event
 * counts as handled; either way the mail keeps the event's id, so it is queued once. An event without a leaf index
 * (written before events carried it) is mailed at once, without a checkpoint.
 */
export async function queueOrHoldReceipt(
  db: Queryable,
  context: MailContext,
  event: { id: string; to: string; record: TEventPayload<'service_record.created'> },
): Promise<'queued' | 'held'> {
  const { leafIndex, ...receipt } = event.record;
  if (leafIndex === null) {
    await enqueueMail(db, {
      eventId: event.id,
      template: RECEIPT_TEMPLATE,
      to: event.to,
      ...composeServiceRecordReceiptMail(context, receipt, null),
    });
    return 'queued';
  }
  await lockReceiptCheckpoints(db, 'shared');
  const checkpoint = await findCoveringCheckpoint(db, leafIndex);
  if (checkpoint) {
    const mail = composeServiceRecordReceiptMail(context, receipt, {
      leafIndex,
      treeSize: checkpoint.treeSize,
      note: checkpoint.note,
    });
    await enqueueMail(db, { eventId: event.id, template: RECEIPT_TEMPLATE, to: event.to, ...mail });
    return 'queued';
  }
  await holdReceipt(db, { eventId: event.id, to: event.to, receipt: { ...pickReceipt(receipt), leafIndex } });
  return 'held';
}

/**
 * Keeps a checkpoint records announced, and queues every held receipt mail whose leaf it covers, each with the first
 * checkpoint kept that covers it (this one, unless announcements came out of order). Checkpoints a week older than
 * the newest are forgotten (one every 30 s would otherwise pile up for good). Answers how many were queued.
 */
export async function releaseReceiptsCoveredBy(
  db: Queryable,
  context: MailContext,
  checkpoint: TEventPayload<'transparency_log.checkpoint_issued'>,
): Promise<number> {
  await lockReceiptCheckpoints(db, 'exclusive');
  await insertLogCheckpoint(db, checkpoint);
  await forgetOldCheckpoints(db, CHECKPOINT_KEEP_DAYS);
  const held = await takeReceiptsCoveredBy(db, checkpoint.treeSize);
  for (const { eventId, to, receipt } of held) {
    const covering = (await findCoveringCheckpoint(db, receipt.leafIndex)) ?? checkpoint;
    const mail = composeServiceRecordReceiptMail(context, receipt, {
      leafIndex: receipt.leafIndex,
      treeSize: covering.treeSize,
      note: covering.note,
    });
    await enqueueMail(db, { eventId, template: RECEIPT_TEMPLATE, to, ...mail });
  }
  return held.length;
}

/** Exactly the fields the receipt mail shows, as a held receipt keeps them. */
function pickReceipt(record: ServiceRecordReceiptInput): ServiceRecordReceiptInput {
  const { registration, vin, serviceDate, mileage, serviceType, signedBy, hash, position } = record;
  return { registration, vin, serviceDate, mileage, serviceType, signedBy, hash, position };
}

import {
  ERASURE_MESSAGES,
  type TAdminActor,
  type TAdminServiceRecord,
  type TEraseRecordFieldsRequest,
} from '@sh/shared/contract';
import { AppError, recordAdminAction, withTransaction } from '@sh/shared/server';
import { publishRecordErased } from '../events/publish-record-erased.js';
import { eraseSealedValues, isRecordErasable, SEALED_FIELDS } from '../store/erase-sealed-values.js';
import { findAdminRecord } from '../store/find-admin-record.js';
import type { CorrectionDeps } from './amend-service-record.js';
import { lockRecordForCorrection } from './lock-record-for-correction.js';
import { presentAdminRecord } from './present-admin-record.js';

/**
 * An admin erases personal or free-text fields of a record for good, with the reason the audit keeps: their values
 * and salts are deleted wherever they are kept, and the record's entries still verify from their commitments, so the
 * chain and the log need no new entry (issue 23 point 6). Under the vehicle's chain lock, like every correction, with
 * service_record.erased in the same transaction for the lookup's answers. A
 * record sealed before salted commitments is refused (409) for its sealed fields, whose values its entries hash; its
 * customer's contact, which no entry seals, can always be erased (issue 26).
 */
export async function eraseRecordFields(
  deps: CorrectionDeps,
  actor: TAdminActor,
  recordId: string,
  input: TEraseRecordFieldsRequest,
): Promise<TAdminServiceRecord> {
  const erased = await withTransaction(deps.pool, async (client) => {
    const { record } = await lockRecordForCorrection(client, recordId);
    // The customer's contact is sealed by no entry, so it can be erased from a record of any format.
    const isSealedFieldChosen = input.fields.some((field) => SEALED_FIELDS.has(field));
    if (isSealedFieldChosen && !(await isRecordErasable(client, record.id)))
      throw new AppError('conflict', ERASURE_MESSAGES.sealedBeforeErasure);
    await eraseSealedValues(client, record.id, input.fields, { amendmentReasons: false });
    const subject = { type: 'service_record', id: record.id, label: record.vehicle_registration } as const;
    await recordAdminAction(client, actor, 'service_record.erased', subject, input.reason);
    // What the lookup shows changes: its answers are marked stale through the outbox too, so a Redis failure now
    // delays the erasure reaching them and never leaves the erased text published (onRecordWritten below is the fast path).
    await publishRecordErased(client, { record, fields: input.fields, erasedAt: deps.now?.() ?? new Date() });
    const after = await findAdminRecord(client, record.id);
    if (!after) throw new Error(`record ${record.id} vanished while it was erased`);
    return presentAdminRecord(after);
  });
  await deps.onRecordWritten?.(erased.vehicle_registration);
  return erased;
}

import { type TAdminActor, type TAdminServiceRecord, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction } from '@sh/shared/server';
import { publishRecordWithdrawn } from '../events/publish-record-withdrawn.js';
import { findAdminRecord } from '../store/find-admin-record.js';
import { eraseSealedValues, isRecordErasable } from '../store/erase-sealed-values.js';
import { markRecordWithdrawn } from '../store/mark-record-withdrawn.js';
import type { CorrectionDeps } from './amend-service-record.js';
import { sealedContent, withdrawalEntryContent } from './chain-entry.js';
import { lockRecordForCorrection } from './lock-record-for-correction.js';
import { presentAdminRecord } from './present-admin-record.js';
import { sealCorrection } from './seal-correction.js';

/**
 * An admin withdraws a record (docs/product.md#corrections: a delete is a withdrawal). It leaves the public lookup and its garage's list
 * but is kept, with its chain, which records the withdrawal. A record already withdrawn is a 409. In one transaction,
 * under the vehicle's chain lock: who, when and why are stored on the record, its personal and free-text values are
 * deleted (their salted commitments keep its entries verifiable), a withdrawal entry is appended, the action is
 * audited and service_record.withdrawn is written for the garage's e-mail.
 */
export async function withdrawServiceRecord(
  deps: CorrectionDeps,
  actor: TAdminActor,
  recordId: string,
  reason: string,
): Promise<TAdminServiceRecord> {
  const withdrawnAt = deps.now?.() ?? new Date();
  const corrected = await withTransaction(deps.pool, async (client) => {
    const { record, head } = await lockRecordForCorrection(client, recordId);
    if (record.withdrawn_at !== null) throw new AppError('conflict', ADMIN_ACTION_MESSAGES.alreadyWithdrawn);
    await markRecordWithdrawn(client, {
      recordId: record.id,
      withdrawnAt,
      withdrawnBy: actor.id,
      withdrawnByEmail: actor.email,
      reason,
    });
    // Its notes, technician and signer go for good (entries sealed before salted commitments must keep them).
    if (await isRecordErasable(client, record.id)) {
      await eraseSealedValues(client, record.id, ['notes', 'technician_name', 'signed_by'], { amendmentReasons: true });
    }
    const garage = await sealCorrection(client, deps.signer, actor, record, head, {
      kind: 'withdrawal',
      amendmentId: null,
      contentAt: (link) =>
        sealedContent((seal) =>
          withdrawalEntryContent(
            { record_id: record.id, withdrawn_by: actor.id, withdrawn_at: withdrawnAt, reason },
            link,
            seal,
          ),
        ),
      reason,
      at: withdrawnAt,
    });
    await publishRecordWithdrawn(client, {
      record,
      withdrawal: { withdrawnBy: actor.id, withdrawnAt, reason },
      garage,
    });
    const withdrawn = await findAdminRecord(client, record.id);
    if (!withdrawn) throw new Error(`record ${record.id} vanished while it was withdrawn`);
    return presentAdminRecord(withdrawn);
  });
  await deps.onRecordWritten?.(corrected.vehicle_registration);
  return corrected;
}

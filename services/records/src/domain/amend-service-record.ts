import { randomUUID } from 'node:crypto';
import {
  type TAdminActor,
  type TAdminServiceRecord,
  type TAmendServiceRecordRequest,
  ADMIN_ACTION_MESSAGES,
} from '@sh/shared/contract';
import { AppError, withTransaction, type Pool } from '@sh/shared/server';
import { publishRecordAmended } from '../events/publish-record-amended.js';
import type { AmendmentRow } from '../store/amendment-row.js';
import { findAdminRecord } from '../store/find-admin-record.js';
import { insertRecordAmendment } from '../store/insert-record-amendment.js';
import { updateRecordValues } from '../store/update-record-values.js';
import { applyChanges, changesBetween, type AmendableValues } from './amendment-changes.js';
import { amendmentEntryContent, sealedContent } from './chain-entry.js';
import { lockRecordForCorrection } from './lock-record-for-correction.js';
import { presentAdminRecord } from './present-admin-record.js';
import { sealCorrection } from './seal-correction.js';
import { serviceDateFor } from './service-date.js';
import type { ReceiptSigner } from './signing-key.js';

/** What an admin's corrections need: the database, the key that signs chain entries, and a clock for tests. */
export interface CorrectionDeps {
  pool: Pool;
  signer: ReceiptSigner;
  /** Told once a vehicle's history changed (its lookup answers and cached DVLA and DVSA answers are dropped). */
  onRecordWritten?: (registration: string) => Promise<void>;
  now?: () => Date;
}

/**
 * An admin corrects a record (docs/product.md#corrections: an edit is an amendment). The corrected service date may not be after today
 * in Europe/London; a withdrawn record is not amended (409); fields given with their current values are no change,
 * and an amendment that changes nothing is refused (400). In one transaction, under the vehicle's chain lock: the
 * amendment (who, when, why, old and new values) is stored, the record takes the new values, an amendment entry is
 * appended to the chain, the action is audited and service_record.amended is written for the garage's e-mail.
 */
export async function amendServiceRecord(
  deps: CorrectionDeps,
  actor: TAdminActor,
  recordId: string,
  input: TAmendServiceRecordRequest,
): Promise<TAdminServiceRecord> {
  const now = deps.now?.() ?? new Date();
  if (input.service_date !== undefined && input.service_date > serviceDateFor(now)) {
    throw new AppError('validation_failed', ADMIN_ACTION_MESSAGES.serviceDateInFuture, {
      errors: [{ path: 'service_date', message: ADMIN_ACTION_MESSAGES.serviceDateInFuture }],
    });
  }
  const corrected = await withTransaction(deps.pool, async (client) => {
    const { record, head } = await lockRecordForCorrection(client, recordId);
    if (record.withdrawn_at !== null) throw new AppError('conflict', ADMIN_ACTION_MESSAGES.withdrawnCannotBeAmended);
    const current: AmendableValues = {
      service_type: record.service_type,
      notes: record.notes,
      service_date: record.service_date,
      customer_email: record.customer_email,
      customer_phone: record.customer_phone,
    };
    const changes = changesBetween(current, input);
    if (changes.length === 0) throw new AppError('validation_failed', ADMIN_ACTION_MESSAGES.nothingToChange);

    const amendment: AmendmentRow = {
      id: randomUUID(),
      record_id: record.id,
      amended_by: actor.id,
      amended_by_email: actor.email,
      amended_at: now,
      reason: input.reason,
      changes,
    };
    await insertRecordAmendment(client, amendment);
    const next = applyChanges(current, changes);
    await updateRecordValues(client, record.id, next);
    const garage = await sealCorrection(client, deps.signer, actor, record, head, {
      kind: 'amendment',
      amendmentId: amendment.id,
      contentAt: (link) => sealedContent((seal) => amendmentEntryContent(amendment, link, seal)),
      reason: input.reason,
      at: now,
    });
    await publishRecordAmended(client, {
      record: { ...record, service_date: next.service_date ?? record.service_date },
      amendment: { ...amendment, changedFields: changes.map((change) => change.field) },
      garage,
    });
    const amended = await findAdminRecord(client, record.id);
    if (!amended) throw new Error(`record ${record.id} vanished while it was amended`);
    return presentAdminRecord(amended);
  });
  await deps.onRecordWritten?.(corrected.vehicle_registration);
  return corrected;
}

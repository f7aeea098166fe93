import { createHash, randomUUID } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  MESSAGES,
  type TCreateServiceRecordRequest,
  type TCreateServiceRecordWithApiKeyRequest,
  type TGarageServiceRecord,
  type TReceipt,
} from '@sh/shared/contract';
import { AppError, isEmailConfirmed, refuseIfGarageSuspended, withTransaction, type Pool } from '@sh/shared/server';
import type { PasswordChecker } from '../clients/identity.js';
import { publishRecordCreated } from '../events/publish-record-created.js';
import { claimIdempotencyKey } from '../store/claim-idempotency-key.js';
import { findGarageContact } from '../store/find-garage-contact.js';
import { findHighestMileage } from '../store/find-highest-mileage.js';
import { findGarageRecord } from '../store/find-garage-record.js';
import { insertServiceRecord } from '../store/insert-service-record.js';
import { lockVehicleChain } from '../store/lock-vehicle-chain.js';
import { findEntitlement } from '../store/find-entitlement.js';
import { canonicalJson } from './chain-entry.js';
import { presentGarageRecord } from './present-garage-record.js';
import { UNKNOWN_GARAGE } from './present-public-record.js';
import { sealRecord } from './seal-record.js';
import { serviceDateFor } from './service-date.js';
import { technicianOfGarage } from './technician-of-garage.js';
import type { ReceiptSigner } from './signing-key.js';

export interface CreateServiceRecordDeps {
  pool: Pool;
  signer: ReceiptSigner;
  identity: PasswordChecker;
  /** Told once a vehicle's history changed (its lookup answers and cached DVLA and DVSA answers are dropped). */
  onRecordWritten?: (registration: string) => Promise<void>;
  now?: () => Date;
}

/**
 * What is submitted, and by whom: a member of the garage's team (the account whose password is re-checked, the
 * garage's own or a technician's, and a technician's name, which is then the record's signer and technician whatever
 * the form says: docs/product.md#the-garages-team), or a garage system with its API key (docs/architecture.md#api-keys),
 * whose record names the key as its signer and the technician given.
 */
export type ServiceRecordSubmission =
  | { by: 'garage'; request: TCreateServiceRecordRequest; signer: { userId: string; technicianName: string | null } }
  | { by: 'api-key'; request: TCreateServiceRecordWithApiKeyRequest; key: { id: string; name: string } };

export interface CreatedServiceRecord {
  serviceRecord: TGarageServiceRecord;
  receipt: TReceipt;
  /** True when an Idempotency-Key answered a record stored by an earlier request. */
  isReplay: boolean;
}

/**
 * A garage logs a service (docs/product.md#adding-a-service). The garage is the caller; it must not be suspended by an
 * admin (its existing records stay public, it adds none until reinstated); its e-mail must be confirmed
 * (a signup that never proved its address cannot put records on a company's name) and it must be entitled (active
 * or trialing); the signer's password is re-checked by identity before anything is stored (a technician's own, whose
 * name is then sealed as the record's signer); the service date is
 * today in Europe/London. The record, its chain entry and its event commit together, and an Idempotency-Key
 * already used answers the record it made instead of storing a second. A record logged with an API key passes the
 * same checks but the password (the key is its proof), and is sealed with the key as its signer.
 */
export async function createServiceRecord(
  deps: CreateServiceRecordDeps,
  garageId: string,
  submission: ServiceRecordSubmission,
  idempotencyKey: string | null,
): Promise<CreatedServiceRecord> {
  const input = submission.request;
  if (
    submission.by === 'garage' &&
    submission.request.garage_id !== undefined &&
    submission.request.garage_id !== garageId
  ) {
    throw new AppError('forbidden', MESSAGES.records.garageMismatch);
  }
  await refuseIfGarageSuspended(deps.pool, garageId);
  if (!(await isEmailConfirmed(deps.pool, garageId)))
    throw new AppError('email_not_confirmed', MESSAGES.platform.emailNotConfirmed);
  const entitlement = await findEntitlement(deps.pool, garageId);
  if (!entitlement?.canAddRecords) throw new AppError('subscription_required', MESSAGES.records.subscriptionRequired);
  if (
    submission.by === 'garage' &&
    !(await deps.identity.isPasswordValid(submission.signer.userId, submission.request.password))
  ) {
    throw new AppError('password_mismatch', MESSAGES.submit.passwordMismatch);
  }

  const now = deps.now?.() ?? new Date();
  const createdAt = new Date(Math.floor(now.getTime()));
  const record = {
    id: randomUUID(),
    garage_id: garageId,
    vin: input.vin,
    vehicle_registration: input.vehicle_registration,
    service_date: serviceDateFor(now),
    mileage: input.mileage,
    service_type: input.service_type,
    notes: input.notes,
    technician_name:
      submission.by === 'garage'
        ? (submission.signer.technicianName ?? submission.request.technician_name)
        : await technicianOfGarage(deps.identity, garageId, submission.request.technician),
    signed_by:
      submission.by === 'garage'
        ? (submission.signer.technicianName ?? submission.request.full_name)
        : API_KEY_MESSAGES.loggedBy(submission.key.name),
    customer_email: input.customer_email,
    customer_phone: input.customer_phone,
    created_at: createdAt,
  };

  const outcome = await withTransaction(
    deps.pool,
    async (client): Promise<{ recordId: string } | CreatedServiceRecord> => {
      if (idempotencyKey) {
        const fingerprint = fingerprintOf(submission);
        const claim = await claimIdempotencyKey(client, {
          garageId,
          key: idempotencyKey,
          fingerprint,
          recordId: record.id,
        });
        if (claim.outcome === 'used') {
          if (claim.fingerprint !== fingerprint) throw new AppError('conflict', MESSAGES.records.idempotencyKeyReused);
          return { recordId: claim.recordId };
        }
      }
      const head = await lockVehicleChain(client, record.vehicle_registration);
      const highestMileage = await findHighestMileage(client, record.vehicle_registration);
      await insertServiceRecord(client, record);
      const receipt = await sealRecord(client, deps.signer, record, head, createdAt);
      const garage = (await findGarageContact(client, garageId)) ?? { ...UNKNOWN_GARAGE, email: null, slug: null };
      await publishRecordCreated(client, { record, garage, receipt });
      const serviceRecord = presentGarageRecord({
        ...record,
        mileage_anomaly: highestMileage !== null && record.mileage < highestMileage,
        garage_name: garage.name,
        garage_address: garage.address,
        garage_slug: garage.slug,
        amendments: [],
        position: receipt.position,
        hash: receipt.hash,
        prev_hash: receipt.prev_hash,
        signed_at: createdAt,
        signature: receipt.signature,
        key_id: receipt.key_id,
        leaf_index: receipt.leaf_index,
      });
      return { serviceRecord, receipt, isReplay: false };
    },
  );
  if ('serviceRecord' in outcome) {
    await deps.onRecordWritten?.(record.vehicle_registration);
    return outcome;
  }

  // A replay answers the record its key first made, as stored.
  const stored = await findGarageRecord(deps.pool, garageId, outcome.recordId);
  const serviceRecord = stored ? presentGarageRecord(stored) : null;
  if (!serviceRecord?.receipt) throw new Error(`record ${outcome.recordId} of an Idempotency-Key has no chain entry`);
  // The first submit may have stored the record and died before it told anyone: a replay tells again.
  await deps.onRecordWritten?.(serviceRecord.vehicle_registration);
  return { serviceRecord, receipt: serviceRecord.receipt, isReplay: true };
}

/**
 * What makes two submits the same: every field but the password, canonically serialised and hashed; a key's submit
 * also by the key that made it.
 */
function fingerprintOf(submission: ServiceRecordSubmission): string {
  if (submission.by === 'api-key') {
    const fields = { ...submission.request, api_key_id: submission.key.id };
    return createHash('sha256').update(canonicalJson(fields)).digest('hex');
  }
  const { password: _password, garage_id: _garageId, ...fields } = submission.request;
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

import { ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { AppError, type PoolClient } from '@sh/shared/server';
import { findRecordRegistration } from '../store/find-record-registration.js';
import { lockServiceRecord, type CorrectableRecordRow } from '../store/lock-service-record.js';
import { lockVehicleChain } from '../store/lock-vehicle-chain.js';

/**
 * Locks what a correction changes, in the order every writer locks: the vehicle's chain head, then the record's row.
 * Answers the record as it reads under the lock and the chain's head; an unknown id is a 404.
 */
export async function lockRecordForCorrection(
  client: PoolClient,
  recordId: string,
): Promise<{ record: CorrectableRecordRow; head: { length: number; headHash: string | null } }> {
  const registration = await findRecordRegistration(client, recordId);
  if (registration === null) throw new AppError('not_found', ADMIN_ACTION_MESSAGES.recordNotFound);
  const head = await lockVehicleChain(client, registration);
  const record = await lockServiceRecord(client, recordId);
  if (!record) throw new AppError('not_found', ADMIN_ACTION_MESSAGES.recordNotFound);
  return { record, head };
}

import {
  IDEMPOTENCY_KEY_HEADER,
  MY_RECORDS_PAGE_DEFAULT,
  ZCreateServiceRecordResponseSchema,
  ZGarageReceiptResponseSchema,
  ZMyServiceRecordsResponseSchema,
  ZValidateVehicleResponseSchema,
  ZVerifyChainResponseSchema,
  ZVinLookupResponseSchema,
  type TCreateServiceRecordRequest,
  type TCreatedServiceRecord,
  type TGarageReceipt,
  type TMyServiceRecordsPage,
  type TValidateVehicleRequest,
  type TVehicleCheck,
  type TChainCheck,
  type TVinLookup,
} from '@sh/shared/contract';
import { api, ApiError, type TApiClient, type TRequestOptions } from './client';

/** The records service's calls for garages (VIN lookup, vehicle check, create, own list) and the public chain check. */

/**
 * GET service-records/vin/{registration}: the VIN last recorded for a registration and its last mileage;
 * null when no VIN is known for it yet (404), so the garage types it in.
 */
export async function lookupVehicleVin(
  registration: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TVinLookup | null> {
  try {
    return (
      await client.get(
        `service-records/vin/${encodeURIComponent(registration)}`,
        ZVinLookupResponseSchema,
        requestOptions,
      )
    ).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') return null;
    throw error;
  }
}

/** POST service-records/validate: whether the VIN and registration are well formed and agree with what is recorded. */
export async function validateVehicle(
  input: TValidateVehicleRequest,
  client: TApiClient = api,
): Promise<TVehicleCheck> {
  return (await client.post('service-records/validate', input, ZValidateVehicleResponseSchema)).data;
}

/**
 * POST service-records (201): logs a service. The Idempotency-Key is the wizard's own, sent again on every
 * retry, so a double click or a retry after a lost answer stores one record, not two. A 401 here means the
 * password in the body was wrong, not that the session ended.
 */
export async function createServiceRecord(
  request: TCreateServiceRecordRequest,
  idempotencyKey: string,
  client: TApiClient = api,
): Promise<TCreatedServiceRecord> {
  const envelope = await client.post('service-records', request, ZCreateServiceRecordResponseSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    isCredentialRejection: (error) => error.code === 'password_mismatch',
  });
  return envelope.data;
}

/** GET service-records/mine: one page of the signed-in garage's records, newest first; `nextCursor` asks for the next. */
export async function fetchMyServiceRecords(
  query: { cursor?: string | null; registration?: string; limit?: number },
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TMyServiceRecordsPage> {
  const params = new URLSearchParams({ limit: String(query.limit ?? MY_RECORDS_PAGE_DEFAULT) });
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.registration) params.set('registration', query.registration);
  return (
    await client.get(`service-records/mine?${params.toString()}`, ZMyServiceRecordsResponseSchema, requestOptions)
  ).data;
}

/**
 * GET service-records/receipts/{id}: one of the garage's records' receipt, with where its entry stands in the
 * transparency log (the checkpoint that covers it and its inclusion proof, or that it awaits the next checkpoint).
 */
export async function fetchGarageReceipt(
  recordId: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TGarageReceipt> {
  return (
    await client.get(
      `service-records/receipts/${encodeURIComponent(recordId)}`,
      ZGarageReceiptResponseSchema,
      requestOptions,
    )
  ).data;
}

/** GET service-records/verify/{registration}: the vehicle's chain recomputed by the server, and whether it is intact. */
export async function verifyRecordChain(
  registration: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TChainCheck> {
  return (
    await client.get(
      `service-records/verify/${encodeURIComponent(registration)}`,
      ZVerifyChainResponseSchema,
      requestOptions,
    )
  ).data;
}

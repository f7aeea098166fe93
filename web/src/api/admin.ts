import {
  ZAdminDataResponseSchema,
  ZAdminStatusResponseSchema,
  ZAmendServiceRecordResponseSchema,
  ZEraseRecordFieldsResponseSchema,
  ZGarageSuspensionResponseSchema,
  ZReleaseCompanyResponseSchema,
  ZRetryEventResponseSchema,
  ZWithdrawServiceRecordResponseSchema,
  type TAdminData,
  type TAdminGarage,
  type TAdminServiceRecord,
  type TAdminStatus,
  type TAmendServiceRecordRequest,
  type TEraseRecordFieldsRequest,
  type TServiceName,
} from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';

/**
 * The admin's calls: the composed admin/data and admin/status, a dead event's retry, a record's amendment,
 * withdrawal and erasure of personal fields, a garage's suspension, and the release of a company number held by an
 * unconfirmed signup. Kept apart from the public pages' clients, so that only the admin pages' code carries them.
 */

/** What one GET admin/data asks for: one list or both, each with its search and cursor. */
export type TAdminDataQuery = {
  only?: 'garages' | 'serviceRecords';
  garagesSearch?: string;
  garagesCursor?: string | null;
  recordsSearch?: string;
  recordsCursor?: string | null;
  limit?: number;
};

/** GET admin/data: the totals and recent admin actions, with a page of garages and one of records. */
export async function fetchAdminData(
  query: TAdminDataQuery,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TAdminData> {
  const params = new URLSearchParams();
  if (query.only) params.set('only', query.only);
  if (query.garagesSearch) params.set('garages_q', query.garagesSearch);
  if (query.garagesCursor) params.set('garages_cursor', query.garagesCursor);
  if (query.recordsSearch) params.set('records_q', query.recordsSearch);
  if (query.recordsCursor) params.set('records_cursor', query.recordsCursor);
  if (query.limit) params.set('limit', String(query.limit));
  const search = params.toString();
  return (await client.get(`admin/data${search ? `?${search}` : ''}`, ZAdminDataResponseSchema, requestOptions)).data;
}

/** GET admin/status: the platform's live health, checked as the call is made. */
export async function fetchAdminStatus(
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TAdminStatus> {
  return (await client.get('admin/status', ZAdminStatusResponseSchema, requestOptions)).data;
}

/** POST admin/events/{service}/{id}/retry: a dead event goes to its consumer again. */
export async function retryDeadEvent(service: TServiceName, id: string, client: TApiClient = api): Promise<void> {
  await client.post(
    `admin/events/${encodeURIComponent(service)}/${encodeURIComponent(id)}/retry`,
    undefined,
    ZRetryEventResponseSchema,
  );
}

/** PATCH service-records/{id}: an amendment (the fields that change, and why); answers the record as it now reads. */
export async function amendServiceRecord(
  id: string,
  request: TAmendServiceRecordRequest,
  client: TApiClient = api,
): Promise<TAdminServiceRecord> {
  return (await client.patch(`service-records/${encodeURIComponent(id)}`, request, ZAmendServiceRecordResponseSchema))
    .data.serviceRecord;
}

/** DELETE service-records/{id} with {reason}: a withdrawal from public view; answers the record with it. */
export async function withdrawServiceRecord(
  id: string,
  reason: string,
  client: TApiClient = api,
): Promise<TAdminServiceRecord> {
  return (
    await client.delete(`service-records/${encodeURIComponent(id)}`, { reason }, ZWithdrawServiceRecordResponseSchema)
  ).data.serviceRecord;
}

/**
 * POST service-records/erasures/{id} with {fields, reason}: the named fields' values are deleted for good; answers the
 * record as it now reads.
 */
export async function eraseRecordFields(
  id: string,
  request: TEraseRecordFieldsRequest,
  client: TApiClient = api,
): Promise<TAdminServiceRecord> {
  return (
    await client.post(`service-records/erasures/${encodeURIComponent(id)}`, request, ZEraseRecordFieldsResponseSchema)
  ).data.serviceRecord;
}

/** POST garages/{id}/suspension with {reason}: the garage can no longer sign in or add records. */
export async function suspendGarage(id: string, reason: string, client: TApiClient = api): Promise<TAdminGarage> {
  return (
    await client.post(`garages/${encodeURIComponent(id)}/suspension`, { reason }, ZGarageSuspensionResponseSchema)
  ).data.garage;
}

/** DELETE garages/{id}/suspension with {reason}: the garage is reinstated. */
export async function reinstateGarage(id: string, reason: string, client: TApiClient = api): Promise<TAdminGarage> {
  return (
    await client.delete(`garages/${encodeURIComponent(id)}/suspension`, { reason }, ZGarageSuspensionResponseSchema)
  ).data.garage;
}

/**
 * POST garages/{id}/release-company: frees the company number a garage holds while its e-mail was never confirmed,
 * so the real company can sign up; answers the number released.
 */
export async function releaseCompanyNumber(id: string, client: TApiClient = api): Promise<string> {
  return (
    await client.post(`garages/${encodeURIComponent(id)}/release-company`, undefined, ZReleaseCompanyResponseSchema)
  ).data.released_company_number;
}

import { ZLookupResponseSchema, type TPublicServiceRecord } from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';

/** The path of a registration's public history (GET /service-records/lookup/{registration}). */
export const lookupPath = (registration: string) => `service-records/lookup/${encodeURIComponent(registration)}`;

/** The path of a VIN's public history (GET /service-records/lookup-by-vin/{vin}). */
export const lookupByVinPath = (vin: string) => `service-records/lookup-by-vin/${encodeURIComponent(vin)}`;

/** The public service history of one registration. */
export async function lookupServiceRecords(
  registration: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPublicServiceRecord[]> {
  const envelope = await client.get(lookupPath(registration), ZLookupResponseSchema, requestOptions);
  return envelope.data.serviceRecords;
}

/** The public service history of one VIN, whatever plate each record was logged under. */
export async function lookupServiceRecordsByVin(
  vin: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPublicServiceRecord[]> {
  const envelope = await client.get(lookupByVinPath(vin), ZLookupResponseSchema, requestOptions);
  return envelope.data.serviceRecords;
}

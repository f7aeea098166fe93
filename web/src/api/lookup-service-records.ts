import { ZLookupResponseSchema, type TPublicServiceRecord } from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';

/** The public service history of one registration (GET /service-records/lookup/{registration}). */
export async function lookupServiceRecords(
  registration: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPublicServiceRecord[]> {
  const envelope = await client.get(
    `service-records/lookup/${encodeURIComponent(registration)}`,
    ZLookupResponseSchema,
    requestOptions,
  );
  return envelope.data.serviceRecords;
}

/** The public service history of one VIN, whatever plate each record was logged under (GET /service-records/lookup-by-vin/{vin}). */
export async function lookupServiceRecordsByVin(
  vin: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPublicServiceRecord[]> {
  const envelope = await client.get(
    `service-records/lookup-by-vin/${encodeURIComponent(vin)}`,
    ZLookupResponseSchema,
    requestOptions,
  );
  return envelope.data.serviceRecords;
}

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

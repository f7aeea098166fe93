import { ZPlatformFiguresResponseSchema, type TPlatformFigures } from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';

/** GET platform-figures: the counts the garages page states, with their period (issue 26). */
export async function fetchPlatformFigures(
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPlatformFigures> {
  return (await client.get('platform-figures', ZPlatformFiguresResponseSchema, requestOptions)).data;
}

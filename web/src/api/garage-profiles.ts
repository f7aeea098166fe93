import {
  ZGarageDirectoryResponseSchema,
  ZGarageServicesLoggedResponseSchema,
  ZPublicGarageProfileResponseSchema,
  ZUpdateGarageDetailsResponseSchema,
  type TGarageDirectoryEntry,
  type TPublicGarageProfile,
  type TUpdateGarageDetailsRequest,
} from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';

/** A garage's public page, the directory, and the owner's changes to the page (docs/product.md#garage-profiles). */

/** The path of a garage's public page (GET garage-profiles/{slug}). */
export const garageProfilePath = (slug: string) => `garage-profiles/${encodeURIComponent(slug)}`;

/** GET garage-profiles/{slug}: the garage's public page. */
export async function fetchGarageProfile(
  slug: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPublicGarageProfile> {
  return (await client.get(garageProfilePath(slug), ZPublicGarageProfileResponseSchema, requestOptions)).data.garage;
}

/** GET garage-profiles/{id}/services-logged (records): how many services the garage has logged here. */
export async function fetchServicesLogged(
  garageId: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<number> {
  const path = `garage-profiles/${encodeURIComponent(garageId)}/services-logged`;
  return (await client.get(path, ZGarageServicesLoggedResponseSchema, requestOptions)).data.services_logged;
}

/** GET garage-profiles?q=: the subscribed garages in a town or a postcode district. */
export async function findGarages(
  search: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TGarageDirectoryEntry[]> {
  const path = `garage-profiles?q=${encodeURIComponent(search)}`;
  return (await client.get(path, ZGarageDirectoryResponseSchema, requestOptions)).data.garages;
}

/** PATCH garages/me/profile: the owner's opening hours and services. */
export async function updateGarageDetails(
  input: TUpdateGarageDetailsRequest,
  client: TApiClient = api,
): Promise<TPublicGarageProfile> {
  return (await client.patch('garages/me/profile', input, ZUpdateGarageDetailsResponseSchema)).data.garage;
}

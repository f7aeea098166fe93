import {
  ZCallbackResponseSchema,
  ZContactResponseSchema,
  type TCallbackRequest,
  type TContactRequest,
} from '@sh/shared/contract';
import { api, type TApiClient } from './client';

/** The notifications service's public forms (contact and contact/garage). */

/** POST contact: a message to support (200); resolves to the server's confirmation, if it sent one. */
export async function sendContactMessage(
  input: TContactRequest,
  client: TApiClient = api,
): Promise<string | undefined> {
  return (await client.post('contact', input, ZContactResponseSchema)).message;
}

/**
 * POST contact/garage: a garage asks to be called back (201). The app's client sends the bearer token when
 * someone is signed in, and the server records who asked.
 */
export async function requestGarageCallback(
  input: TCallbackRequest,
  client: TApiClient = api,
): Promise<string | undefined> {
  return (await client.post('contact/garage', input, ZCallbackResponseSchema)).message;
}

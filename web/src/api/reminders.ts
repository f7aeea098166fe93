import {
  ZGarageRemindersResponseSchema,
  ZReminderOptInResponseSchema,
  ZReminderSubscriptionResponseSchema,
  type TGarageReminders,
  type TReminderBasis,
} from '@sh/shared/contract';
import { api, type TApiClient } from './client';

/** Service reminders (docs/product.md#service-reminders), on the notifications service. */

/** POST reminders/opt-in: the customer's "Remind me", with the token of the link in their mail. */
export async function confirmServiceReminder(token: string, client: TApiClient = api) {
  return (await client.post('reminders/opt-in', { token }, ZReminderOptInResponseSchema)).data;
}

/** GET reminders/unsubscribe?token=: what the link unsubscribes from (changes nothing). */
export async function readReminderSubscription(token: string, client: TApiClient = api) {
  const query = new URLSearchParams({ token }).toString();
  return (await client.get(`reminders/unsubscribe?${query}`, ZReminderSubscriptionResponseSchema)).data;
}

/** POST reminders/unsubscribe?token=: the one-click unsubscribe, as the Unsubscribe button sends it. */
export async function unsubscribeServiceReminder(token: string, client: TApiClient = api) {
  const query = new URLSearchParams({ token }).toString();
  return (
    await client.post(
      `reminders/unsubscribe?${query}`,
      { 'List-Unsubscribe': 'One-Click' },
      ZReminderSubscriptionResponseSchema,
    )
  ).data;
}

/** GET reminders/garage: the signed-in garage's reminder setting and counts. */
export async function fetchGarageReminders(signal?: AbortSignal, client: TApiClient = api): Promise<TGarageReminders> {
  return (await client.get('reminders/garage', ZGarageRemindersResponseSchema, { signal })).data;
}

/** PATCH reminders/garage {basis}: what the garage's reminders are due from. */
export async function saveGarageReminderBasis(basis: TReminderBasis, client: TApiClient = api) {
  return (await client.patch('reminders/garage', { basis }, ZGarageRemindersResponseSchema)).data;
}

import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Queryable } from '@sh/shared/server';
import { reminderByUnsubscribeToken, type ReminderSubscription } from '../store/reminder-unsubscribe.js';
import { hashToken } from '@sh/shared/server';

/**
 * A reminder mail's unsubscribe link: `unsubscribe` (the one-click POST, RFC 8058) stops every later reminder of
 * that vehicle from that garage; without it (a GET) nothing changes and the subscription is answered, for the page.
 */
export async function unsubscribeServiceReminder(
  db: Queryable,
  token: string,
  unsubscribe: boolean,
): Promise<ReminderSubscription> {
  const found = await reminderByUnsubscribeToken(db, hashToken(token), unsubscribe);
  if (!found) throw new AppError('validation_failed', MESSAGES.confirmEmail.invalidOrExpired);
  return found;
}

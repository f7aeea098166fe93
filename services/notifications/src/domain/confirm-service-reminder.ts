import { MESSAGES, type TReminderDueFrom } from '@sh/shared/contract';
import { AppError, type Pool } from '@sh/shared/server';
import type { MotExpiryLookup } from '../clients/mot-expiry.js';
import { findReminderOffer } from '../store/reminder-offers.js';
import { readReminderBasis } from '../store/reminder-settings.js';
import { saveReminder } from '../store/reminders.js';
import { hashToken } from '@sh/shared/server';
import { reminderDueDate } from './reminder-due-date.js';

/**
 * The customer's "Remind me" (POST reminders/opt-in): the offer's token, while it is valid, schedules one reminder
 * for the vehicle from that garage, due as the garage chose (the MOT expiry is asked of records when it chose the
 * MOT). Confirming again changes nothing but the due date; confirming after unsubscribing subscribes again.
 */
export async function confirmServiceReminder(
  pool: Pool,
  lookupMotExpiry: MotExpiryLookup,
  token: string,
): Promise<{ registration: string; garageName: string; dueDate: string; dueFrom: TReminderDueFrom }> {
  const offer = await findReminderOffer(pool, hashToken(token));
  if (!offer) throw new AppError('validation_failed', MESSAGES.confirmEmail.invalidOrExpired);
  const basis = await readReminderBasis(pool, offer.garageId);
  const motExpiryDate = basis === 'mot' ? await lookupMotExpiry(offer.registration) : null;
  const due = reminderDueDate({ basis, serviceDate: offer.serviceDate, motExpiryDate });
  await saveReminder(pool, offer, due);
  return { registration: offer.registration, garageName: offer.garageName, ...due };
}

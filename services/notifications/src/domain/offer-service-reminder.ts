import { SERVICE_REMINDER, type TEventPayload } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { insertReminderOffer, type ReminderOffer } from '../store/reminder-offers.js';
import { renewReminderFromService } from '../store/reminders.js';
import { siteLink, type MailContext } from './mail-layout.js';
import { generateOpaqueToken, hashToken } from '@sh/shared/server';

/**
 * For the customer's service-recorded mail, in its event's transaction: offers a service reminder (a single-purpose
 * token, kept hashed, behind the page where the customer chooses "Remind me"; nothing is scheduled until then), and
 * makes a reminder the customer already has for this vehicle and garage due from this newer service. Answers the
 * offer's link, for the mail alone.
 */
export async function offerServiceReminder(
  db: Queryable,
  context: MailContext,
  event: { id: string; record: TEventPayload<'service_record.created'> & { customerEmail: string } },
): Promise<string> {
  const { record } = event;
  const offer: ReminderOffer = {
    eventId: event.id,
    garageId: record.garageId,
    garageName: record.garageName,
    registration: record.registration,
    customerEmail: record.customerEmail,
    serviceDate: record.serviceDate,
  };
  const token = generateOpaqueToken();
  const hash = hashToken(token);
  await insertReminderOffer(db, { ...offer, tokenHash: hash, validDays: SERVICE_REMINDER.optInLinkDays });
  await renewReminderFromService(db, offer);
  return siteLink(context, '/service-reminder', { token });
}

import type { TReminderDueFrom } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import type { ReminderOffer } from './reminder-offers.js';

/**
 * The customer's reminder for the offer's vehicle and garage, made or renewed (an unsubscribed one is subscribed again:
 * the customer asked), due when given. A reminder already renewed from a later service keeps that service.
 */
export async function saveReminder(
  db: Queryable,
  offer: ReminderOffer,
  due: { dueDate: string; dueFrom: TReminderDueFrom },
): Promise<void> {
  await db.query(
    `INSERT INTO reminders (garage_id, garage_name, registration, customer_email, service_date, due_date, due_from)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT ON CONSTRAINT reminders_one_per_customer DO UPDATE
       SET garage_name = EXCLUDED.garage_name, unsubscribed_at = NULL, opted_in_at = now(),
           service_date = EXCLUDED.service_date, due_date = EXCLUDED.due_date, due_from = EXCLUDED.due_from
       WHERE reminders.service_date <= EXCLUDED.service_date OR reminders.unsubscribed_at IS NOT NULL`,
    [
      offer.garageId,
      offer.garageName,
      offer.registration,
      offer.customerEmail,
      offer.serviceDate,
      due.dueDate,
      due.dueFrom,
    ],
  );
}

/**
 * A newer service of a vehicle whose customer is subscribed to the garage's reminders: the reminder is due from it,
 * worked out again by the next scan (due_date NULL). An unsubscribed reminder stays so.
 */
export async function renewReminderFromService(db: Queryable, offer: ReminderOffer): Promise<void> {
  await db.query(
    `UPDATE reminders SET service_date = $4, garage_name = $5, due_date = NULL, due_from = NULL
      WHERE garage_id = $1 AND registration = $2 AND customer_email = $3
        AND unsubscribed_at IS NULL AND service_date < $4`,
    [offer.garageId, offer.registration, offer.customerEmail, offer.serviceDate, offer.garageName],
  );
}

export interface ReminderToWorkOut {
  id: string;
  garageId: string;
  registration: string;
  serviceDate: string;
}

/** Subscribed reminders whose due date is to be worked out again. */
export async function findRemindersToWorkOut(db: Queryable, limit: number): Promise<ReminderToWorkOut[]> {
  const { rows } = await db.query<ReminderToWorkOut>(
    `SELECT id, garage_id AS "garageId", registration, to_char(service_date, 'YYYY-MM-DD') AS "serviceDate"
       FROM reminders WHERE due_date IS NULL AND unsubscribed_at IS NULL ORDER BY service_date LIMIT $1`,
    [limit],
  );
  return rows;
}

/** Sets a reminder's due date, unless its service changed since it was read. */
export async function setReminderDue(
  db: Queryable,
  reminder: ReminderToWorkOut,
  due: { dueDate: string; dueFrom: TReminderDueFrom },
): Promise<void> {
  await db.query(
    `UPDATE reminders SET due_date = $3, due_from = $4 WHERE id = $1 AND service_date = $2 AND due_date IS NULL`,
    [reminder.id, reminder.serviceDate, due.dueDate, due.dueFrom],
  );
}

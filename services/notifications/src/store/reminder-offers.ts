import type { Queryable } from '@sh/shared/server';

export interface ReminderOffer {
  eventId: string;
  garageId: string;
  garageName: string;
  registration: string;
  customerEmail: string;
  serviceDate: string;
}

/** Keeps the offer of a customer's mail under its token's hash; an event's offer already kept is left alone. */
export async function insertReminderOffer(
  db: Queryable,
  offer: ReminderOffer & { tokenHash: string; validDays: number },
): Promise<void> {
  await db.query(
    `INSERT INTO reminder_offers
       (token_hash, event_id, garage_id, garage_name, registration, customer_email, service_date, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8))
     ON CONFLICT (event_id) DO NOTHING`,
    [
      offer.tokenHash,
      offer.eventId,
      offer.garageId,
      offer.garageName,
      offer.registration,
      offer.customerEmail,
      offer.serviceDate,
      offer.validDays,
    ],
  );
}

/** The offer a token's hash names, while it has not expired; null otherwise. */
export async function findReminderOffer(db: Queryable, tokenHash: string): Promise<ReminderOffer | null> {
  const { rows } = await db.query<ReminderOffer>(
    `SELECT event_id AS "eventId", garage_id AS "garageId", garage_name AS "garageName", registration,
            customer_email AS "customerEmail", to_char(service_date, 'YYYY-MM-DD') AS "serviceDate"
       FROM reminder_offers WHERE token_hash = $1 AND expires_at > now()`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

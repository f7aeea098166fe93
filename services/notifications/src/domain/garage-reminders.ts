import type { TGarageReminders, TReminderBasis } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { countGarageReminders, readReminderBasis, saveReminderBasis } from '../store/reminder-settings.js';

/**
 * A garage's view of its reminders (GET reminders/garage): its setting and counts, never a customer's address.
 * With `basis` (PATCH), the setting is changed first; it applies to reminders confirmed, or renewed by a newer
 * service, from then on.
 */
export async function garageReminders(
  db: Queryable,
  garageId: string,
  basis?: TReminderBasis,
): Promise<TGarageReminders> {
  if (basis) await saveReminderBasis(db, garageId, basis);
  const [current, counts] = await Promise.all([readReminderBasis(db, garageId), countGarageReminders(db, garageId)]);
  return { basis: current, ...counts };
}

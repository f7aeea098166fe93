import { SERVICE_REMINDER, type TReminderBasis, type TReminderDueFrom } from '@sh/shared/contract';

/** A calendar date (YYYY-MM-DD) moved by whole months, kept within the month it lands in (31 Jan + 1 month: 28 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const firstOfTarget = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(day, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}

/**
 * When a reminder is due (docs/product.md#service-reminders): 11 months after the service, or a month before the MOT
 * expiry DVSA reports, as the garage chose. An MOT expiry that is unknown, or not after the service, cannot be counted
 * from: the reminder then falls back to 11 months after the service, and says so (service_no_mot_expiry).
 */
export function reminderDueDate(input: { basis: TReminderBasis; serviceDate: string; motExpiryDate: string | null }): {
  dueDate: string;
  dueFrom: TReminderDueFrom;
} {
  const afterService = addMonths(input.serviceDate, SERVICE_REMINDER.monthsAfterService);
  if (input.basis === 'service') return { dueDate: afterService, dueFrom: 'service' };
  if (input.motExpiryDate === null || input.motExpiryDate <= input.serviceDate) {
    return { dueDate: afterService, dueFrom: 'service_no_mot_expiry' };
  }
  return { dueDate: addMonths(input.motExpiryDate, -SERVICE_REMINDER.monthsBeforeMot), dueFrom: 'mot' };
}

/** The values mails show, as a British reader writes them: dates, mileages and the plan's price. */
import { DISPLAY_LOCALE, PLAN, SERVICE_TIME_ZONE } from '@sh/shared/contract';

/** A date in the long British form, e.g. "14 March 2026", on the UK calendar. */
export function formatLongDate(unixSeconds: number): string {
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: SERVICE_TIME_ZONE,
  }).format(new Date(unixSeconds * 1000));
}

/** An instant given as an ISO timestamp (an event's time) in the long British form; anything unreadable is shown as given. */
export function formatLongDateOfIso(isoTimestamp: string): string {
  const ms = Date.parse(isoTimestamp);
  return Number.isNaN(ms) ? isoTimestamp : formatLongDate(ms / 1000);
}

/**
 * A calendar date given as YYYY-MM-DD (a service date) in the long British form, e.g. "14 March 2026". It is
 * a day, not an instant, so no time zone moves it; anything that is not a real date is shown as given.
 */
export function formatCalendarDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return isoDate;
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A mileage as a British reader writes it, e.g. "45,210 miles". */
export function formatMileage(miles: number): string {
  return `${new Intl.NumberFormat(DISPLAY_LOCALE).format(miles)} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** The plan's price as a British customer reads it, e.g. "£34.99". */
export function formatPlanPrice(): string {
  return new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'currency', currency: PLAN.currency.toUpperCase() }).format(
    PLAN.amountMinor / 100,
  );
}

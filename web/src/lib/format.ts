import { DISPLAY_LOCALE, SERVICE_TIME_ZONE } from '@sh/shared/contract';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A formatter made the first time it is used, not when the module loads: making an Intl formatter is costly (a time
 * zone's most of all), and a page's script that made every one at load held a phone's main thread in one long task
 * (issue 26.4). Every formatter of the web app is made here.
 */
function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const longDateInUtc = lazily(
  () => new Intl.DateTimeFormat(DISPLAY_LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

const longDateInLondon = lazily(
  () =>
    new Intl.DateTimeFormat(DISPLAY_LOCALE, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: SERVICE_TIME_ZONE,
    }),
);

/** The visitor's own time zone, for times only they see (when they did something). */
const longDateHere = lazily(
  () => new Intl.DateTimeFormat(DISPLAY_LOCALE, { day: 'numeric', month: 'long', year: 'numeric' }),
);

const wholeNumber = lazily(() => new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 0 }));

/** A whole number with thousands separators ("12,345"). */
export function formatWholeNumber(value: number): string {
  return wholeNumber().format(value);
}

/** An instant's long en-GB date (a Date, or milliseconds since 1970) in the visitor's own time zone ("23 November 2026"). */
export function formatDateHere(instant: Date | number): string {
  return longDateHere().format(instant);
}

/**
 * Formats a calendar date ("2025-03-14") in long en-GB form ("14 March 2025"). The string is a date,
 * not an instant, so it is read as UTC and printed as UTC: no time zone can move it by a day.
 * Anything that is not a real YYYY-MM-DD date is returned unchanged rather than shown as "Invalid Date".
 */
export function formatServiceDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) return isoDate;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isRealDate = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isRealDate ? longDateInUtc().format(date) : isoDate;
}

/** Today's date in long en-GB form as it is in the UK ("3 June 2025"), for "last updated" lines. */
export function formatTodayInUk(now: Date = new Date()): string {
  return longDateInLondon().format(now);
}

/** Formats a mileage with thousands separators ("45,210 miles"); null when the mileage is unknown. */
export function formatMileage(mileage: number | null | undefined): string | null {
  if (mileage === null || mileage === undefined || !Number.isFinite(mileage)) return null;
  return `${wholeNumber().format(mileage)} ${mileage === 1 ? 'mile' : 'miles'}`;
}

/** "1 record found", "3 records found". */
export function formatRecordCount(count: number): string {
  return `${wholeNumber().format(count)} ${count === 1 ? 'record' : 'records'} found`;
}

/** Formats an amount in minor units as pounds ("£34.99"). */
export function formatPrice(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat(DISPLAY_LOCALE, { style: 'currency', currency: currency.toUpperCase() }).format(
    amountMinor / 100,
  );
}

/** Formats a unix time in seconds as a long en-GB date in UK time ("17 July 2025"); null when unknown. */
export function formatUnixDate(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  return longDateInLondon().format(new Date(seconds * 1000));
}

/** "£34.99 per month". */
export function formatPricePerInterval(amountMinor: number, currency: string, interval: string): string {
  return `${formatPrice(amountMinor, currency)} per ${interval}`;
}

const longDateTimeInLondon = lazily(
  () =>
    new Intl.DateTimeFormat(DISPLAY_LOCALE, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: SERVICE_TIME_ZONE,
    }),
);

/** Formats an instant ("2025-03-14T10:22:00Z") as a long en-GB date and time in UK time; unchanged when unreadable. */
export function formatTimestampInUk(isoTimestamp: string): string {
  const time = Date.parse(isoTimestamp);
  return Number.isNaN(time) ? isoTimestamp : longDateTimeInLondon().format(new Date(time));
}

/** The long en-GB date, in UK time, of an instant ("2026-11-23T10:00:00Z" -> "23 November 2026"); unchanged when unreadable. */
export function formatInstantDateInUk(isoTimestamp: string): string {
  const time = Date.parse(isoTimestamp);
  return Number.isNaN(time) ? isoTimestamp : longDateInLondon().format(new Date(time));
}

const isoDateInLondon = lazily(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: SERVICE_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
);

/** Today's date as it is in the UK, as YYYY-MM-DD (a service date may not be later). */
export function todayIsoInUk(now: Date = new Date()): string {
  return isoDateInLondon().format(now);
}

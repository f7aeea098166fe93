import { DISPLAY_LOCALE, SERVICE_TIME_ZONE } from '@sh/shared/contract';

const longDateInUtc = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const longDateInLondon = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: SERVICE_TIME_ZONE,
});

/** A calendar date (YYYY-MM-DD) in long en-GB form ("14 March 2025"), as the web app writes a service date. */
export function longDateOf(isoDate: string): string {
  return longDateInUtc.format(new Date(`${isoDate}T00:00:00Z`));
}

/** An instant's date in the UK in long en-GB form, as the web app writes when a record was logged. */
export function longDateInLondonOf(at: Date): string {
  return longDateInLondon.format(at);
}

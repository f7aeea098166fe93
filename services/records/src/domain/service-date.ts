import { SERVICE_TIME_ZONE } from '@sh/shared/contract';

const LONDON_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Europe/London as YYYY-MM-DD: every record's service date (docs/product.md#adding-a-service). */
export function serviceDateFor(now: Date): string {
  return LONDON_DATE.format(now);
}

/** Time as Stripe counts it: unix seconds, and billing intervals that keep the anchor's day of the month. */

export const DAY = 24 * 60 * 60;

export type Interval = 'day' | 'week' | 'month' | 'year';

/** Unix seconds now. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The same day of the month `count` intervals later, as Stripe bills (clamped to the month's last day). */
export function addInterval(start: number, interval: Interval, count: number): number {
  if (interval === 'day') return start + count * DAY;
  if (interval === 'week') return start + count * 7 * DAY;
  const date = new Date(start * 1000);
  const day = date.getUTCDate();
  const months = interval === 'year' ? 12 * count : count;
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

import { PLAN } from '@sh/shared/contract';
import { addInterval, DAY } from './calendar.js';
import { LOCAL_PRICE_ID } from './catalogue.js';

/**
 * The Stripe customers and subscriptions of the demo garages (data/seed/garages.json), computed once for
 * both sides: the Stripe double creates them at start and the `billing` seeder of scripts/seed.ts stores the
 * matching rows, so the two always agree. Pure: the same garages and `now` give the same answer.
 */

/** The fields of a seeded garage the seed reads. */
export interface SeedGarage {
  id: string;
  name: string;
  email: string;
  full_name?: string;
  /** ISO date-time. */
  created_at: string;
  /** active, trialing, past_due or canceled get a subscription; any other value gets none. */
  subscription_status: string;
}

export type SeededStatus = 'active' | 'trialing' | 'past_due' | 'canceled';

const SEEDED_STATUSES: readonly string[] = ['active', 'trialing', 'past_due', 'canceled'] satisfies SeededStatus[];

/** One demo garage's customer, card and subscription, in Stripe's terms (times in unix seconds). */
export interface SeedSubscription {
  garageId: string;
  garageName: string;
  email: string;
  cardholderName: string;
  customerId: string;
  paymentMethodId: string;
  subscriptionId: string;
  subscriptionItemId: string;
  priceId: string;
  status: SeededStatus;
  /** When the garage joined: the customer's and the subscription's creation time, and the billing anchor. */
  created: number;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  trialStart: number | null;
  trialEnd: number | null;
  canceledAt: number | null;
  endedAt: number | null;
  cancelAtPeriodEnd: false;
  card: { brand: 'visa'; last4: '4242'; exp_month: number; exp_year: number; funding: 'credit' };
}

/** The id suffix of a garage's seeded objects: the first 12 hex digits of its id (cus_seed_<suffix>, ...). */
export function seedIdSuffix(garageId: string): string {
  const hex = garageId.replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`seeded garage id is not a UUID: ${garageId}`);
  return hex.slice(0, 12);
}

/** How many whole months after `anchor` the monthly period containing `now` starts (0 before the anchor). */
function monthsElapsed(anchor: number, now: number): number {
  let months = 0;
  while (addInterval(anchor, 'month', months + 1) <= now) months += 1;
  return months;
}

/**
 * The seeded subscription of each garage whose subscription_status is active, trialing, past_due or
 * canceled, in the garages' order. Monthly periods are aligned to the garage's created_at: an active or
 * past_due subscription is in the period containing `now`; a trialing one is in its 14-day trial from
 * created_at; a canceled one ended at the last period boundary before `now` (at created_at when it never
 * renewed). Every card is visa 4242, expiring in December four years after `now`.
 *
 * @param now unix seconds
 */
export function seedSubscriptionsFor(
  garages: readonly SeedGarage[],
  now: number,
  options: { priceId?: string } = {},
): SeedSubscription[] {
  const priceId = options.priceId ?? LOCAL_PRICE_ID;
  const expYear = new Date(now * 1000).getUTCFullYear() + 4;
  const seen = new Map<string, string>();
  const seeds: SeedSubscription[] = [];
  for (const garage of garages) {
    if (!SEEDED_STATUSES.includes(garage.subscription_status)) continue;
    const status = garage.subscription_status as SeededStatus;
    const suffix = seedIdSuffix(garage.id);
    const clash = seen.get(suffix);
    if (clash) throw new Error(`seeded garages ${clash} and ${garage.id} would share the ids *_seed_${suffix}`);
    seen.set(suffix, garage.id);
    const createdMs = Date.parse(garage.created_at);
    if (Number.isNaN(createdMs))
      throw new Error(`seeded garage ${garage.id} has no valid created_at: ${garage.created_at}`);
    const created = Math.floor(createdMs / 1000);

    const months = monthsElapsed(created, now);
    let period: { start: number; end: number };
    let trial: { start: number; end: number } | null = null;
    let endedAt: number | null = null;
    if (status === 'trialing') {
      trial = { start: created, end: created + PLAN.trialDays * DAY };
      period = trial;
    } else if (status === 'canceled') {
      endedAt = addInterval(created, 'month', months);
      period = {
        start: addInterval(created, 'month', Math.max(months - 1, 0)),
        end: addInterval(created, 'month', Math.max(months, 1)),
      };
    } else {
      period = { start: addInterval(created, 'month', months), end: addInterval(created, 'month', months + 1) };
    }

    seeds.push({
      garageId: garage.id.toLowerCase(),
      garageName: garage.name,
      email: garage.email,
      cardholderName: garage.full_name ?? garage.name,
      customerId: `cus_seed_${suffix}`,
      paymentMethodId: `pm_seed_${suffix}`,
      subscriptionId: `sub_seed_${suffix}`,
      subscriptionItemId: `si_seed_${suffix}`,
      priceId,
      status,
      created,
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      trialStart: trial?.start ?? null,
      trialEnd: trial?.end ?? null,
      canceledAt: endedAt,
      endedAt,
      cancelAtPeriodEnd: false,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: expYear, funding: 'credit' },
    });
  }
  return seeds;
}

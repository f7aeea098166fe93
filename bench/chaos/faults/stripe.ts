/**
 * Stripe's webhooks held while subscriptions move on, released newest first, then every one re-sent twice at once
 * and once more in reverse order: billing must emit no subscription.changed twice, and every subscription must end,
 * in billing, records and garages alike, at Stripe's newest state.
 */
import { seedSubscriptionsFor } from '../../../doubles/src/stripe/seed-subscriptions.js';
import { seedGarages } from '../../../scripts/seed.js';
import { pools } from '../databases.js';
import { call, postJson } from '../http.js';
import { sleep, STRIPE_KEY } from '../settings.js';
import type { FaultOutcome, FaultsOf } from './fault.js';

/** The Stripe statuses the plans below lead to. */
const PLANNED_STATUSES = ['active', 'trialing', 'past_due', 'canceled'];

interface StripePlan {
  subscriptionId: string;
  garageId: string;
  steps: Array<'active' | 'past_due' | 'canceled' | 'trial_will_end'>;
}

interface ChangedRow {
  id: string;
  subscriptionId: string;
  status: string;
  previousStatus: string | null;
  reason: string;
  cancelAtPeriodEnd: boolean;
}

async function subscriptionChanged(): Promise<ChangedRow[]> {
  const { rows } = await pools.billing.query<{ id: string; payload: Omit<ChangedRow, 'id'> }>(
    `SELECT id, payload FROM event_outbox WHERE name = 'subscription.changed' ORDER BY occurred_at, id`,
  );
  return rows.map((row) => ({ id: row.id, ...row.payload }));
}

async function stripeFault(stripeUrl: string): Promise<FaultOutcome> {
  const failures: string[] = [];
  const notes: string[] = [];
  const seeded = seedSubscriptionsFor(seedGarages(), Math.floor(Date.now() / 1000));
  const pick = (status: string, nth: number) => seeded.filter((s) => s.status === status)[nth];
  const plans: StripePlan[] = [];
  const add = (seed: (typeof seeded)[number] | undefined, steps: StripePlan['steps']) => {
    if (seed) plans.push({ subscriptionId: seed.subscriptionId, garageId: seed.garageId, steps });
  };
  add(pick('active', 1), ['past_due', 'active']);
  add(pick('active', 2), ['past_due']);
  add(pick('active', 3), ['canceled']);
  add(pick('trialing', 0), ['trial_will_end', 'active', 'canceled']);
  add(pick('past_due', 0), ['active']);

  const control = async (pathname: string, body: unknown) => {
    const answer = await postJson(`${stripeUrl}${pathname}`, body);
    if (answer.status !== 200)
      throw new Error(`Stripe double ${pathname} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json as { data: unknown };
  };
  const before = new Set((await subscriptionChanged()).map((row) => row.id));

  await control('/_control/webhooks/hold', {});
  const eventIds: string[] = [];
  const longest = Math.max(...plans.map((p) => p.steps.length));
  for (let step = 0; step < longest; step += 1) {
    for (const plan of plans) {
      const to = plan.steps[step];
      if (!to) continue;
      const answer = (await control(`/_control/subscriptions/${plan.subscriptionId}/advance`, { to })) as {
        data: { events: Array<{ id: string }> };
      };
      eventIds.push(...answer.data.events.map((e) => e.id));
    }
  }
  const released = (await control('/_control/webhooks/release', { order: 'newest-first' })) as {
    data: { delivered: Array<{ status: number | null }> };
  };
  const releaseStatuses = released.data.delivered.map((d) => d.status);
  notes.push(
    `${eventIds.length} Stripe events held, released newest first: statuses ${JSON.stringify(countBy(releaseStatuses.map(String)))}`,
  );

  const waitForBilling = async () => {
    for (let i = 0; i < 120; i += 1) {
      const { rows } = await pools.billing.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM stripe_events WHERE event_id = ANY($1::text[])',
        [eventIds],
      );
      if (rows[0]!.n === eventIds.length) return;
      await sleep(500);
    }
  };
  await waitForBilling();
  await sleep(2000);
  const afterRelease = (await subscriptionChanged()).filter((row) => !before.has(row.id));

  // The same deliveries again, newest first: each twice at once, then each once more.
  const resend = async (id: string) =>
    (await postJson(`${stripeUrl}/_control/events/${id}/resend`, {})).json as {
      data: { status: number | null };
    } | null;
  const resendStatuses: Array<number | null> = [];
  for (const id of [...eventIds].reverse()) {
    const answers = await Promise.all([resend(id), resend(id)]);
    resendStatuses.push(...answers.map((a) => a?.data.status ?? null));
  }
  for (const id of [...eventIds].reverse()) resendStatuses.push((await resend(id))?.data.status ?? null);
  notes.push(
    `${resendStatuses.length} duplicate deliveries: statuses ${JSON.stringify(countBy(resendStatuses.map(String)))}`,
  );
  await sleep(3000);
  const afterDuplicates = (await subscriptionChanged()).filter((row) => !before.has(row.id));

  const fromDuplicates = afterDuplicates.length - afterRelease.length;
  if (fromDuplicates !== 0)
    failures.push(`duplicate deliveries emitted ${fromDuplicates} more subscription.changed events`);
  const seen = new Map<string, number>();
  for (const row of afterDuplicates) {
    const tuple = JSON.stringify([
      row.subscriptionId,
      row.status,
      row.previousStatus,
      row.reason,
      row.cancelAtPeriodEnd,
    ]);
    seen.set(tuple, (seen.get(tuple) ?? 0) + 1);
  }
  const doubledChanges = [...seen.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);
  if (doubledChanges > 0)
    failures.push(
      `${doubledChanges} subscription.changed events repeat an earlier one (same subscription, status, previous status, reason)`,
    );
  notes.push(
    `subscription.changed emitted: ${afterDuplicates.map((r) => `${r.subscriptionId.slice(-6)} ${r.previousStatus}->${r.status} (${r.reason})`).join('; ') || 'none'}`,
  );
  for (const plan of plans) {
    const mine = afterDuplicates.filter((row) => row.subscriptionId === plan.subscriptionId);
    if (mine.length > 1) {
      notes.push(
        `${plan.subscriptionId} (${plan.steps.join(' -> ')}) was announced by ${mine.length} subscription.changed events with different reasons ` +
          `(${mine.map((r) => r.reason).join(', ')}): one per Stripe event that found news, not a redelivery`,
      );
    }
  }
  if (releaseStatuses.some((s) => s !== 200))
    notes.push('some released deliveries were not answered 200; the duplicate deliveries carried them');

  // Everyone ends at Stripe's newest state (checked once the platform has settled: see checkStripeStates).
  stripePlans = plans;
  return { failures, duplicates: fromDuplicates + doubledChanges, notes };
}

let stripePlans: StripePlan[] = [];

async function checkStripeStates(stripeUrl: string): Promise<string[]> {
  const failures: string[] = [];
  for (const plan of stripePlans) {
    const answer = await call(`${stripeUrl}/v1/subscriptions/${plan.subscriptionId}`, {
      headers: { authorization: `Bearer ${STRIPE_KEY}` },
    });
    const stripeStatus = (answer.json as { status: string }).status;
    const billing = (
      await pools.billing.query<{ status: string }>('SELECT status FROM subscriptions WHERE subscription_id = $1', [
        plan.subscriptionId,
      ])
    ).rows[0]?.status;
    const records = (
      await pools.records.query<{ s: string }>(
        'SELECT subscription_status AS s FROM garage_entitlements WHERE garage_id = $1',
        [plan.garageId],
      )
    ).rows[0]?.s;
    const garages = (
      await pools.garages.query<{ s: string }>('SELECT subscription_status AS s FROM garages WHERE id = $1', [
        plan.garageId,
      ])
    ).rows[0]?.s;
    const line = `${plan.subscriptionId} (${plan.steps.join(' -> ')}): Stripe ${stripeStatus}, billing ${billing}, records ${records}, garages ${garages}`;
    // The statuses the plans lead to are carried by subscription.changed as Stripe has them, so all four agree.
    if (!PLANNED_STATUSES.includes(stripeStatus)) failures.push(`at a status the plans do not lead to: ${line}`);
    else if (billing !== stripeStatus || records !== stripeStatus || garages !== stripeStatus)
      failures.push(`not at the newest state: ${line}`);
  }
  return failures;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

export const stripe: FaultsOf = (stack) => [
  {
    name: 'Stripe webhooks replayed duplicated and newest first',
    inject: () => stripeFault(stack.urls.stripeDouble),
    afterSettling: () => checkStripeStates(stack.urls.stripeDouble),
  },
];

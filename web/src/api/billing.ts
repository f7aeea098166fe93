import type { TCreateCheckoutSessionRequest, TGarageSubscription, TPlanProduct } from '@sh/shared/contract';
import { api, type TApiClient, type TRequestOptions } from './client';
import { lazySchema } from './lazy-schema';

/** The billing service's calls (billing/ and stripe/). */

/** GET billing/plans: the public plan catalogue. */
export async function fetchPlans(
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPlanProduct[]> {
  return (await client.get('billing/plans', lazySchema('ZPlansResponseSchema'), requestOptions)).data.products;
}

/** POST stripe/create-checkout-session: where to send the browser to pay. */
export async function createCheckoutSession(
  input: TCreateCheckoutSessionRequest,
  client: TApiClient = api,
): Promise<string> {
  return (await client.post('stripe/create-checkout-session', input, lazySchema('ZCheckoutSessionResponseSchema'))).data
    .url;
}

/** GET billing/subscription: the signed-in garage's subscription, as billing holds it (a read). */
export async function fetchSubscription(
  sessionId: string | null = null,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TGarageSubscription> {
  const query = sessionId ? `?session_id=${encodeURIComponent(sessionId)}` : '';
  return (await client.get(`billing/subscription${query}`, lazySchema('ZSubscriptionResponseSchema'), requestOptions))
    .data;
}

/**
 * POST billing/subscription/sync: after a checkout, billing stores what the garage's own checkout session made,
 * straight from Stripe, instead of waiting for the webhooks, and answers the subscription.
 */
export async function syncSubscription(
  sessionId: string,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TGarageSubscription> {
  return (
    await client.post(
      'billing/subscription/sync',
      { session_id: sessionId },
      lazySchema('ZSubscriptionResponseSchema'),
      requestOptions,
    )
  ).data;
}

/** POST billing/portal: a Stripe customer-portal address to cancel or change the card. */
export async function createBillingPortalSession(client: TApiClient = api): Promise<string> {
  return (await client.post('billing/portal', undefined, lazySchema('ZBillingPortalResponseSchema'))).data.url;
}

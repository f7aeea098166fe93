import type { Stripe } from '../stripe/create-stripe-client.js';
import { idOf } from './subscription-snapshot.js';

/**
 * The subscription a garage's own checkout session made, asked of Stripe; null when the session is another
 * garage's or has made no subscription yet.
 */
export async function resolveCheckoutSubscription(
  stripe: Stripe,
  garageId: string,
  sessionId: string,
): Promise<string | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const subscriptionId = idOf(session.subscription);
  return session.client_reference_id === garageId ? subscriptionId : null;
}

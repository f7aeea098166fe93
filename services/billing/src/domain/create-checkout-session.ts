import { createHash } from 'node:crypto';
import {
  MESSAGES,
  PLAN,
  type TCreateCheckoutSessionRequest,
  type TFieldError,
  PAST_DUE_MESSAGES,
} from '@sh/shared/contract';
import { AppError, isEmailConfirmed, type Logger, type Pool, type TAuthClaims } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { findCurrentSubscription } from '../store/find-current-subscription.js';
import { hasAnySubscription } from '../store/has-any-subscription.js';
import { ensureStripeCustomer } from './ensure-stripe-customer.js';
import { isOnOrigin } from './return-url.js';

export interface CheckoutDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
  publicUrl: string;
  priceId: string;
}

/** What checkout needs of a parsed create-checkout-session request. */
export type CheckoutRequest = Pick<TCreateCheckoutSessionRequest, 'price_id' | 'success_url' | 'cancel_url'>;

/** Clicks on Subscribe within this window reuse one checkout session. */
const IDEMPOTENCY_WINDOW_MS = 30_000;

/** Statuses in which a garage already has a subscription to pay for: a second checkout would bill it twice. */
const SUBSCRIBED_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** Of those, the ones whose last payment failed: the garage is told to fix its card in the portal. */
const PAST_DUE_STATUSES = new Set(['past_due', 'unpaid']);

/**
 * Starts a Stripe Checkout session in subscription mode for the signed-in garage, once its e-mail is confirmed (a
 * signup that never proved its address cannot pay to hold a company's name): its own Stripe customer,
 * the catalogue's price, a 14-day trial on its first subscription, and return addresses on the site only.
 */
export async function createCheckoutSession(
  deps: CheckoutDeps,
  caller: TAuthClaims,
  request: CheckoutRequest,
): Promise<{ url: string }> {
  if (request.price_id !== deps.priceId) {
    throw new AppError('validation_failed', MESSAGES.billing.unknownPrice, {
      errors: [{ path: 'price_id', message: MESSAGES.billing.unknownPrice }],
    });
  }
  const foreign: TFieldError[] = (['success_url', 'cancel_url'] as const)
    .filter((field) => !isOnOrigin(request[field], deps.publicUrl))
    .map((field) => ({ path: field, message: MESSAGES.billing.returnUrlForeign }));
  if (foreign.length > 0)
    throw new AppError('validation_failed', MESSAGES.billing.returnUrlForeign, { errors: foreign });

  const garageId = caller.sub;
  if (!(await isEmailConfirmed(deps.pool, garageId)))
    throw new AppError('email_not_confirmed', MESSAGES.platform.emailNotConfirmed);
  const current = await findCurrentSubscription(deps.pool, garageId);
  // A failed payment is mended in the billing portal (docs/product.md#the-road-from-signup-to-paying), never by a second subscription.
  if (current && PAST_DUE_STATUSES.has(current.status))
    throw new AppError('conflict', PAST_DUE_MESSAGES.paymentPastDue);
  if (current && SUBSCRIBED_STATUSES.has(current.status))
    throw new AppError('conflict', MESSAGES.billing.alreadySubscribed);
  const isFirstSubscription = !(await hasAnySubscription(deps.pool, garageId));

  try {
    const customer = await ensureStripeCustomer(deps.pool, deps.stripe, { id: garageId, email: caller.email });
    const bucket = Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS);
    const urlsKey = createHash('sha256')
      .update(`${request.success_url}\n${request.cancel_url}`)
      .digest('hex')
      .slice(0, 16);
    const session = await deps.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customer.stripeCustomerId,
        client_reference_id: garageId,
        line_items: [{ price: request.price_id, quantity: 1 }],
        subscription_data: {
          metadata: { garage_id: garageId },
          ...(isFirstSubscription ? { trial_period_days: PLAN.trialDays } : {}),
        },
        metadata: { garage_id: garageId },
        success_url: request.success_url,
        cancel_url: request.cancel_url,
      },
      { idempotencyKey: `checkout-${garageId}-${request.price_id}-${urlsKey}-${bucket}` },
    );
    if (!session.url) throw new AppError('bad_gateway', MESSAGES.checkout.noUrl);
    deps.logger.info({ garageId, sessionId: session.id }, 'checkout session created');
    return { url: session.url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, garageId }, 'Stripe refused to create a checkout session');
    throw new AppError('bad_gateway', MESSAGES.checkout.createFailed, { cause: error });
  }
}

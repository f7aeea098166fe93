import Stripe from 'stripe';
import type { BillingConfig } from '../config.js';

export type { Stripe };

/**
 * The Stripe SDK client billing uses. Only the host differs between environments: with STRIPE_API_HOST
 * unset it talks to api.stripe.com; in development it talks to the local Stripe double.
 */
export function createStripeClient(
  config: Pick<BillingConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL'>,
): Stripe {
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
  });
}

import { z } from 'zod';
import { LOCAL_PORTS, loadServiceConfig, serviceConfigShape } from '@sh/shared/server';

/** The key and webhook secret the local Stripe double accepts; never valid at Stripe. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_double';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_double';

export const configShape = serviceConfigShape('billing', {
  /** The site the SPA is served from: checkout and portal return addresses must be on it. */
  PUBLIC_URL: z.string().url(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_..., sk_live_...)'),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_...)'),
  /** Where the SDK sends API calls; unset means api.stripe.com over https. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  STRIPE_PRODUCT_ID: z.string().regex(/^prod_\S+$/, 'must be a Stripe product id (prod_...)'),
  STRIPE_PRICE_ID: z.string().regex(/^price_\S+$/, 'must be a Stripe price id (price_...)'),
});

export type BillingConfig = ReturnType<typeof readConfig>;

/**
 * Reads the billing service's configuration once; exits naming every bad variable. Outside production the
 * SDK talks to the local Stripe double, unless a real STRIPE_SECRET_KEY is given without an API host.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  const usesLocalDouble = !env.STRIPE_SECRET_KEY;
  return loadServiceConfig(
    'billing',
    configShape,
    {
      PUBLIC_URL: `http://localhost:${LOCAL_PORTS.gateway}`,
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
      ...(usesLocalDouble
        ? {
            STRIPE_API_HOST: '127.0.0.1',
            STRIPE_API_PORT: String(LOCAL_PORTS.stripeDouble),
            STRIPE_API_PROTOCOL: 'http',
          }
        : {}),
      STRIPE_PRODUCT_ID: 'prod_local_professional',
      STRIPE_PRICE_ID: 'price_local_professional_monthly',
    },
    env,
  );
}

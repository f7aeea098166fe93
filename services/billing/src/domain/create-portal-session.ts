import { MESSAGES } from '@sh/shared/contract';
import { AppError, type Logger, type Pool, type TAuthClaims } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { findCustomerByGarage } from '../store/find-customer-by-garage.js';

export interface PortalDeps {
  pool: Pool;
  stripe: Stripe;
  logger: Logger;
  publicUrl: string;
}

/** A Stripe customer-portal session for the signed-in garage (cancel, change card), returning to /account. */
export async function createPortalSession(deps: PortalDeps, caller: TAuthClaims): Promise<{ url: string }> {
  const customer = await findCustomerByGarage(deps.pool, caller.sub);
  if (!customer) throw new AppError('not_found', MESSAGES.billing.noBillingAccount);
  try {
    const session = await deps.stripe.billingPortal.sessions.create({
      customer: customer.stripeCustomerId,
      return_url: new URL('/account', deps.publicUrl).toString(),
    });
    return { url: session.url };
  } catch (error) {
    deps.logger.error({ err: error, garageId: caller.sub }, 'Stripe refused to create a portal session');
    throw new AppError('bad_gateway', MESSAGES.billing.portalFailed, { cause: error });
  }
}

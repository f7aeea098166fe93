import type { TEventEnvelope } from '@sh/shared/contract';
import { PermanentEventError, type PoolClient } from '@sh/shared/server';
import type { Stripe } from '../stripe/create-stripe-client.js';
import { updateCustomerEmail } from '../store/update-customer-email.js';

/** A Stripe refusal a retry cannot change (4xx: the customer is gone, the address is refused), as opposed to an outage. */
function isPermanentStripeRefusal(error: unknown): boolean {
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  return (
    typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 && statusCode !== 409 && statusCode !== 429
  );
}

/**
 * user.email_changed: the garage's Stripe customer follows it to the new address (receipts and invoices go there),
 * in billing's row and at Stripe. The newest change wins; a garage without a customer yet has nothing to update
 * (checkout creates it with the address of the day). The Stripe call runs inside the event's transaction: if Stripe
 * is away the event fails, nothing is kept and it is retried; a permanent refusal is not retried.
 */
export async function applyEmailChange(
  client: PoolClient,
  stripe: Stripe,
  event: TEventEnvelope<'user.email_changed'>,
): Promise<void> {
  const { userId, newEmail, changedAt } = event.payload;
  const customer = await updateCustomerEmail(client, { garageId: userId, email: newEmail, changedAt });
  if (!customer) return;
  try {
    await stripe.customers.update(
      customer.stripeCustomerId,
      { email: newEmail },
      { idempotencyKey: `customer-email-${event.id}` },
    );
  } catch (error) {
    if (isPermanentStripeRefusal(error)) {
      throw new PermanentEventError(
        `Stripe refused the new e-mail of customer ${customer.stripeCustomerId}: ${(error as Error).message}`,
      );
    }
    throw error;
  }
}

import { emailConfirmationHandlers, garageSuspensionHandlers, type EventHandlers } from '@sh/shared/server';
import { applyEmailChange } from '../domain/apply-email-change.js';
import type { Stripe } from '../stripe/create-stripe-client.js';

/**
 * What billing does with the events it hears: remember which garages have confirmed their e-mail (only they may
 * check out) and which an admin has suspended (they may not), and keep each Stripe customer's e-mail on its garage's
 * address.
 */
export function createBillingEventHandlers(deps: { stripe: Stripe }): EventHandlers {
  return {
    ...emailConfirmationHandlers(),
    'user.email_changed': async (db, event) => {
      await applyEmailChange(db, deps.stripe, event);
    },
    ...garageSuspensionHandlers(),
  };
}

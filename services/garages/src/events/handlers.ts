import { emailConfirmationHandlers, type EventHandlers } from '@sh/shared/server';
import { applyEmailChange } from '../domain/apply-email-change.js';
import { applySubscriptionChange } from '../domain/apply-subscription-change.js';

/**
 * What garages does with the events it hears: keep each garage's subscription state and e-mail (newest wins), and
 * which accounts have confirmed their e-mail (a garage that has may not have its company number released).
 */
export const garagesEventHandlers: EventHandlers = {
  'subscription.changed': async (db, event) => {
    await applySubscriptionChange(db, event.payload);
  },
  ...emailConfirmationHandlers(),
  'user.email_changed': async (db, event) => {
    await applyEmailChange(db, event.payload);
  },
};

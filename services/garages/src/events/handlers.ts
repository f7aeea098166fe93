import type { EventHandlers } from '@sh/shared/server';
import { applyEmailChange } from '../domain/apply-email-change.js';
import { applySubscriptionChange } from '../domain/apply-subscription-change.js';
import { insertEmailConfirmation } from '../store/insert-email-confirmation.js';

/**
 * What garages does with the events it hears: keep each garage's subscription state and e-mail (newest wins), and
 * which accounts have confirmed their e-mail (a garage that has may not have its company number released).
 */
export const garagesEventHandlers: EventHandlers = {
  'subscription.changed': async (db, event) => {
    await applySubscriptionChange(db, event.payload);
  },
  'user.email_confirmed': async (db, event) => {
    await insertEmailConfirmation(db, {
      userId: event.payload.userId,
      confirmedAt: new Date(event.payload.confirmedAt),
    });
  },
  'user.email_changed': async (db, event) => {
    await applyEmailChange(db, event.payload);
  },
};

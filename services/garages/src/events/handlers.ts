import type { EventHandlers } from '@sh/shared/server';
import { applySubscriptionChange } from '../domain/apply-subscription-change.js';

/** What garages does with the events it hears: keep each garage's subscription state (newest wins). */
export const garagesEventHandlers: EventHandlers = {
  'subscription.changed': async (db, event) => {
    await applySubscriptionChange(db, event.payload);
  },
};

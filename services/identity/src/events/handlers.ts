import type { EventHandlers } from '@sh/shared/server';
import { applyGarageSuspension } from '../domain/apply-garage-suspension.js';

/** What identity does with the events it hears: a suspended garage's user cannot sign in until reinstated. */
export const identityEventHandlers: EventHandlers = {
  'garage.suspended': async (db, event) => {
    await applyGarageSuspension(db, {
      garageId: event.payload.garageId,
      isSuspended: true,
      at: event.payload.suspendedAt,
    });
  },
  'garage.reinstated': async (db, event) => {
    await applyGarageSuspension(db, {
      garageId: event.payload.garageId,
      isSuspended: false,
      at: event.payload.reinstatedAt,
    });
  },
};

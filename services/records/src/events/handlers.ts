import type { EventHandlers } from '@sh/shared/server';
import { canAddRecords } from '../domain/entitlement.js';
import { upsertEntitlement } from '../store/upsert-entitlement.js';
import { upsertGarageDirectory } from '../store/upsert-garage-directory.js';

/** What records does with the events it hears: keep its garage directory and entitlement read models. */
export const recordsEventHandlers: EventHandlers = {
  'garage.registered': async (db, event) => {
    await upsertGarageDirectory(db, event.payload);
  },
  'garage.updated': async (db, event) => {
    await upsertGarageDirectory(db, event.payload);
  },
  'subscription.changed': async (db, event) => {
    const { garageId, status, stateAt } = event.payload;
    await upsertEntitlement(db, { garageId, subscriptionStatus: status, canAddRecords: canAddRecords(status), stateAt });
  },
};

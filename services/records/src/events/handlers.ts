import type { EventHandlers } from '@sh/shared/server';
import { canAddRecords } from '../domain/entitlement.js';
import { insertEmailConfirmation } from '../store/insert-email-confirmation.js';
import { updateDirectoryEmail } from '../store/update-directory-email.js';
import { upsertEntitlement } from '../store/upsert-entitlement.js';
import { upsertGarageDirectory } from '../store/upsert-garage-directory.js';
import { upsertSuspension } from '../store/upsert-suspension.js';

/**
 * What records does with the events it hears: keep its garage directory (names, addresses, receipt e-mails) and what
 * a garage needs to add records (an entitled subscription, a confirmed e-mail, and no suspension by an admin).
 */
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
  'user.email_confirmed': async (db, event) => {
    await insertEmailConfirmation(db, { userId: event.payload.userId, confirmedAt: new Date(event.payload.confirmedAt) });
  },
  'garage.suspended': async (db, event) => {
    const { garageId, reason, suspendedAt } = event.payload;
    await upsertSuspension(db, { garageId, isSuspended: true, reason, changedAt: suspendedAt });
  },
  'garage.reinstated': async (db, event) => {
    const { garageId, reason, reinstatedAt } = event.payload;
    await upsertSuspension(db, { garageId, isSuspended: false, reason, changedAt: reinstatedAt });
  },
  'user.email_changed': async (db, event) => {
    const { userId, newEmail, changedAt } = event.payload;
    await updateDirectoryEmail(db, { garageId: userId, email: newEmail, changedAt });
  },
};

import type { LookupAnswers } from '@sh/shared/lookup-cache';
import {
  emailConfirmationHandlers,
  garageSuspensionHandlers,
  type EventHandler,
  type EventHandlers,
  type Logger,
} from '@sh/shared/server';
import { canAddRecords } from '../domain/entitlement.js';
import { findGarageRegistrations } from '../store/find-garage-registrations.js';
import { updateDirectoryEmail } from '../store/update-directory-email.js';
import { upsertEntitlement } from '../store/upsert-entitlement.js';
import { upsertGarageDirectory } from '../store/upsert-garage-directory.js';

/** How many vehicles' answers are marked stale at once when a garage's directory entry changes. */
const STALE_MARKS_AT_ONCE = 500;

export interface RecordsEventDeps {
  /** The public lookup's answers (main.ts: the routes' own); without them, as in tests of other events, none is marked stale. */
  lookupAnswers?: Pick<LookupAnswers, 'invalidate'>;
  logger?: Logger;
}

/**
 * What records does with the events it hears: keep its garage directory (names, addresses, receipt e-mails) and what
 * a garage needs to add records (an entitled subscription, a confirmed e-mail, and no suspension by an admin). A
 * garage's new name or address is in every public history that shows its work from the next lookup on: once the
 * directory has committed, the lookup answers of each of its vehicles are marked stale, as a new record's are.
 */
export function createRecordsEventHandlers(deps: RecordsEventDeps = {}): EventHandlers {
  const { lookupAnswers, logger } = deps;
  const keepDirectory: EventHandler<'garage.registered' | 'garage.updated'> = async (db, event, afterCommit) => {
    await upsertGarageDirectory(db, event.payload);
    if (!lookupAnswers) return;
    const registrations = await findGarageRegistrations(db, event.payload.garageId);
    const markAllStale = async () => {
      for (let from = 0; from < registrations.length; from += STALE_MARKS_AT_ONCE) {
        await Promise.all(
          registrations
            .slice(from, from + STALE_MARKS_AT_ONCE)
            .map((registration) => lookupAnswers.invalidate(registration)),
        );
      }
    };
    // Before the commit, so that an unreachable Redis fails the event and it is tried again (a published answer
    // lives a day); and again once the directory has committed, for any answer built from it in between.
    await markAllStale();
    afterCommit(async () => {
      try {
        await markAllStale();
      } catch (error) {
        logger?.warn(
          { err: error, garageId: event.payload.garageId },
          "a garage's lookup answers could not be marked stale after its directory entry committed",
        );
      }
    });
  };
  const markVehicleStale: EventHandler<
    'service_record.created' | 'service_record.amended' | 'service_record.withdrawn' | 'service_record.erased'
  > = async (_db, event) => {
    await lookupAnswers?.invalidate(event.payload.registration);
  };
  return {
    'garage.registered': keepDirectory,
    'garage.updated': keepDirectory,
    'subscription.changed': async (db, event) => {
      const { garageId, status, stateAt } = event.payload;
      await upsertEntitlement(db, {
        garageId,
        subscriptionStatus: status,
        canAddRecords: canAddRecords(status),
        stateAt,
      });
    },
    ...emailConfirmationHandlers(),
    ...garageSuspensionHandlers(),
    // The write already bumped its vehicle's version before answering; this catches up a bump that could not reach
    // Redis then. It runs before the event counts as handled, so it is tried again until Redis takes it.
    'service_record.created': markVehicleStale,
    'service_record.amended': markVehicleStale,
    'service_record.withdrawn': markVehicleStale,
    'service_record.erased': markVehicleStale,
    'service_records.imported': async (_db, event) => {
      const { registrations } = event.payload;
      for (let from = 0; from < registrations.length; from += STALE_MARKS_AT_ONCE) {
        await Promise.all(
          registrations
            .slice(from, from + STALE_MARKS_AT_ONCE)
            .map((registration) => lookupAnswers?.invalidate(registration)),
        );
      }
    },
    'user.email_changed': async (db, event) => {
      const { userId, newEmail, changedAt } = event.payload;
      await updateDirectoryEmail(db, { garageId: userId, email: newEmail, changedAt });
    },
  };
}

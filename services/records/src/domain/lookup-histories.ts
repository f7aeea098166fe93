import type { LookupHistories } from '@sh/shared/lookup-cache';
import type { Queryable } from '@sh/shared/server';
import { findRecordsOfRegistrations, findRegistrationsAfter } from '../store/find-records-by-registration.js';
import { lookupVehicleHistory } from './lookup-vehicle-history.js';
import { presentPublicRecord } from './present-public-record.js';

/**
 * Records' side of the lookup cache (@sh/shared/lookup-cache): how a vehicle's public history is read, one at a time
 * for a lookup and a batch at a time for prewarming, the same bytes either way.
 */
export function lookupHistoriesOf(db: Queryable): LookupHistories {
  return {
    of: (registration) => lookupVehicleHistory(db, registration),
    registrationsAfter: (after, limit) => findRegistrationsAfter(db, after, limit),
    ofEach: async (registrations) => {
      const rows = await findRecordsOfRegistrations(db, registrations);
      return new Map([...rows].map(([registration, history]) => [registration, history.map(presentPublicRecord)]));
    },
  };
}

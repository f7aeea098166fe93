import type { LookupHistories } from '@sh/shared/lookup-cache';
import type { Queryable } from '@sh/shared/server';
import { findRecordsOfRegistrations, findRegistrationsAfter } from '../store/find-records-by-registration.js';
import { lookupVehicleHistory } from './lookup-vehicle-history.js';
import { presentPublicRecord } from './present-public-record.js';
import { createMissReader, type MissReader } from './read-misses.js';

/**
 * Records' side of the lookup cache (@sh/shared/lookup-cache): how a vehicle's public history is read, one at a time
 * for a lookup and a batch at a time for prewarming, the same bytes either way. A lookup reads where `readMiss` sends
 * it (read-misses.ts: the read replica when it shows every write the answer must, else `db`, the primary; without one,
 * always the primary). Prewarming reads the primary: one replica's pass twice a day, whose batches' versions would each
 * need the replica's check.
 */
export function lookupHistoriesOf(
  db: Queryable,
  readMiss: MissReader = createMissReader({ primary: db }),
): LookupHistories {
  return {
    of: (registration, written) => readMiss(written, (source) => lookupVehicleHistory(source, registration)),
    registrationsAfter: (after, limit) => findRegistrationsAfter(db, after, limit),
    ofEach: async (registrations) => {
      const rows = await findRecordsOfRegistrations(db, registrations);
      return new Map([...rows].map(([registration, history]) => [registration, history.map(presentPublicRecord)]));
    },
  };
}

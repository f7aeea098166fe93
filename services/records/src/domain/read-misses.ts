import type { WritePosition } from '@sh/shared/lookup-cache';
import type { Logger, Pool, PoolClient, Queryable } from '@sh/shared/server';
import { lookupMissReads, type MissReadReason } from '../metrics.js';
import { hasReplayed } from '../store/has-replayed.js';

/** How long the replica is left alone once a connection to it failed: misses read the primary meanwhile. */
const REPLICA_AWAY_MS = 10_000;
const WARNING_INTERVAL_MS = 30_000;

/** Runs `read` on the database a lookup miss may read, given the position of the latest write its answer must show. */
export type MissReader = <T>(written: WritePosition | null, read: (db: Queryable) => Promise<T>) => Promise<T>;

/**
 * Where a lookup miss (a lookup records is asked: none published in Redis) reads its vehicle's history
 * (packages/shared/src/lookup-cache/README.md, "Read replicas"): the read replica when it has replayed `written`, the
 * position of the latest write the answer must show, so that an answer built there and published is never older than
 * a write that reached Redis; the primary when there is no replica, the position is not known (Redis away or empty, a
 * bump without one), or the replica is behind, cannot be reached (then it is left alone for 10 s) or fails the read.
 * The check and the read take one connection, so both ask the same server (a Service in front of several replicas may
 * pick another for each connection), whose replay only moves forward. Each miss is counted by the database it read and
 * why (lookup_miss_reads_total, docs/operations.md#metrics).
 */
export function createMissReader(options: {
  primary: Queryable;
  replica?: Pool;
  logger?: Logger;
  replicaAwayMs?: number;
}): MissReader {
  const { primary, replica, logger, replicaAwayMs = REPLICA_AWAY_MS } = options;
  let awayUntil = 0;
  let warnedAt = 0;
  const warn = (error: unknown, message: string) => {
    if (Date.now() - warnedAt < WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    logger?.warn({ err: error }, message);
  };
  const onPrimary = <T>(reason: MissReadReason, read: (db: Queryable) => Promise<T>) => {
    lookupMissReads.inc({ database: 'primary', reason });
    return read(primary);
  };
  return async <T>(written: WritePosition | null, read: (db: Queryable) => Promise<T>): Promise<T> => {
    if (!replica) return onPrimary('no_replica', read);
    if (written === null) return onPrimary('position_unknown', read);
    if (Date.now() < awayUntil) return onPrimary('replica_away', read);
    let client: PoolClient;
    try {
      client = await replica.connect();
    } catch (error) {
      awayUntil = Date.now() + replicaAwayMs;
      warn(error, 'the read replica could not be reached: lookups read the primary for a while');
      return onPrimary('replica_away', read);
    }
    let outcome: { value: T } | MissReadReason;
    try {
      outcome = (await hasReplayed(client, written)) ? { value: await read(client) } : 'replica_behind';
      client.release();
    } catch (error) {
      // A read cancelled by the replica's replay (a recovery conflict) or a lost connection: the client is not reused.
      client.release(error as Error);
      warn(error, 'a lookup failed on the read replica and read the primary');
      outcome = 'replica_failed';
    }
    if (typeof outcome === 'string') return onPrimary(outcome, read);
    lookupMissReads.inc({ database: 'replica', reason: 'caught_up' });
    return outcome.value;
  };
}

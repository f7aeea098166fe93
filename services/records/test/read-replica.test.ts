/**
 * The public lookup's misses on a real streaming replica (packages/shared/src/lookup-cache/README.md, "Read replicas"):
 * records as its own process (its main.ts, DATABASE_READ_URL set) on a primary and a standby of the test's own
 * (streaming-replica.ts), the workspace's identity and the machine's Redis. Which database each miss read is told by
 * records' metrics (lookup_miss_reads_total). With DATABASE_READ_URL unset, every other test of records reads the
 * primary alone, as before.
 */
import { ZLookupResponseSchema } from '@sh/shared/contract';
import { lookupAnswersNamespace, type WritePosition } from '@sh/shared/lookup-cache';
import {
  createPool,
  createRedis,
  migrate,
  signAccessToken,
  type Pool,
  type Queryable,
  type Redis,
} from '@sh/shared/server';
import {
  readPublishedAnswer,
  startServiceProcess,
  TEST_KEY_PAIR,
  TEST_REDIS_URL,
  type ServiceProcess,
  type TestDatabase,
} from '@sh/shared/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { lookupMissReads } from '../src/metrics.js';
import { createMissReader } from '../src/domain/read-misses.js';
import { readWritePosition } from '../src/store/read-write-position.js';
import {
  buildGarageAccount,
  createTestSigner,
  logServiceRecord,
  RECORDS_MIGRATIONS,
  TEST_INTERNAL_TOKEN,
  type RecordsStack,
} from './harness.js';
import { lookupVia, newRegistration } from './lookup-cache-stack.js';
import { startStreamingReplica, type StreamingReplica } from './streaming-replica.js';

let cluster: StreamingReplica | undefined;
let primary: Pool;
let standby: Pool;
let redis: Redis;
let records: ServiceProcess | undefined;
let stack: RecordsStack;
let metricsUrl: string;

/** Records' own database on the test's primary, migrated, as startServiceProcess takes one. */
async function recordsDatabaseOn(replica: StreamingReplica, name: string): Promise<TestDatabase> {
  const admin = new pg.Client({ connectionString: replica.primaryUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const pool = createPool(replica.primaryUrl(name), 4);
  await migrate(pool, RECORDS_MIGRATIONS);
  return { url: replica.primaryUrl(name), pool, drop: () => pool.end() };
}

beforeAll(async () => {
  cluster = await startStreamingReplica();
  const db = await recordsDatabaseOn(cluster, 'sh_records');
  primary = db.pool;
  standby = createPool(cluster.standbyUrl('sh_records'), 2);
  redis = createRedis(TEST_REDIS_URL);
  records = await startServiceProcess('records', {
    db,
    env: {
      // No user: records takes DATABASE_URL's (the standby has the primary's roles).
      DATABASE_READ_URL: cluster.standbyUrl('sh_records', { withoutUser: true }),
      METRICS_PORT: '0',
      IDENTITY_URL: inject('identityUrl'),
      INTERNAL_TOKEN: TEST_INTERNAL_TOKEN,
    },
  });
  const metricsLine = records.lines.find((line) => line.includes('"msg":"records metrics listening"'));
  metricsUrl = `http://127.0.0.1:${(JSON.parse(metricsLine!) as { port: number }).port}/metrics`;
  stack = {
    url: records.url,
    db,
    identityUrl: inject('identityUrl'),
    signer: createTestSigner(),
    redis,
    tokenFor: (claims) => signAccessToken(TEST_KEY_PAIR.privateKey, claims),
    close: async () => undefined,
  };
}, 60_000);

afterAll(async () => {
  await records?.stop();
  await Promise.all([primary?.end(), standby?.end()]);
  redis?.disconnect();
  await cluster?.stop();
});

/** records' lookup_miss_reads_total now, by `database/reason`. */
async function missReads(): Promise<Record<string, number>> {
  const text = await (await fetch(metricsUrl)).text();
  const counts: Record<string, number> = {};
  for (const [, database, reason, value] of text.matchAll(
    /^lookup_miss_reads_total\{database="(\w+)",reason="(\w+)"\} (\d+)$/gm,
  ))
    counts[`${database}/${reason}`] = Number(value);
  return counts;
}

/** A lookup through records, and which databases its miss was counted on (`database/reason`: how many). */
async function lookUp(registration: string) {
  const before = await missReads();
  const lookup = await lookupVia(records!.url, registration);
  const after = await missReads();
  const read = Object.fromEntries(
    Object.entries(after)
      .map(([key, count]) => [key, count - (before[key] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
  return { mileages: lookup.records.map((record) => record.mileage), read };
}

/**
 * Waits until records has handled the service_record.* events of every write so far: handling one bumps its vehicle's
 * version again, with the position of that moment (rule 3 of the lookup cache's README), which the replica must then
 * have replayed too.
 */
async function eventsHandled(): Promise<void> {
  await vi.waitFor(
    async () => {
      const { rows } = await primary.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM event_outbox o
          WHERE o.name LIKE 'service_record.%' AND NOT EXISTS (SELECT 1 FROM processed_events p WHERE p.event_id = o.id)`,
      );
      expect(rows[0]!.waiting).toBe(0);
    },
    { timeout: 10_000, interval: 50 },
  );
}

/** Waits until the standby has replayed every write the primary has flushed so far; answers that position. */
async function standbyCaughtUp(): Promise<WritePosition> {
  const position = await readWritePosition(primary);
  await vi.waitFor(
    async () => {
      const { rows } = await standby.query<{ replayed: boolean }>(
        `SELECT pg_last_wal_replay_lsn() - '0/0' >= $1::numeric AS replayed`,
        [BigInt(`0x${position}`).toString()],
      );
      expect(rows[0]!.replayed).toBe(true);
    },
    { timeout: 10_000, interval: 50 },
  );
  return position;
}

/** The mileages of the answer published in Redis for a registration, once records has published one. */
async function publishedMileages(registration: string): Promise<(number | null)[]> {
  const namespace = lookupAnswersNamespace(records!.prefix);
  const published = await vi.waitFor(
    async () => {
      const answer = await readPublishedAnswer(redis, namespace, registration);
      expect(answer).not.toBeNull();
      return answer!;
    },
    { timeout: 5000, interval: 50 },
  );
  return ZLookupResponseSchema.parse(JSON.parse(published.body.toString())).data.serviceRecords.map((r) => r.mileage);
}

describe('lookup misses and the read replica', () => {
  const [rewritten, untouched, neverWritten] = [newRegistration(), newRegistration(), newRegistration()];

  it('reads a vehicle from the replica once it has replayed the writes its answer must show', async () => {
    const garage = await buildGarageAccount(stack);
    await logServiceRecord(stack, garage, { vehicle_registration: rewritten, mileage: 30000 });
    await logServiceRecord(stack, garage, { vehicle_registration: untouched, mileage: 52000 });
    await eventsHandled();
    await standbyCaughtUp();
    expect(await lookUp(rewritten)).toEqual({ mileages: [30000], read: { 'replica/caught_up': 1 } });
    expect(await lookUp(untouched)).toEqual({ mileages: [52000], read: { 'replica/caught_up': 1 } });
  });

  it('reads the primary while the replica has not replayed a write, and publishes no answer without it', async () => {
    await standby.query('SELECT pg_wal_replay_pause()');
    const garage = await buildGarageAccount(stack);
    const record = await logServiceRecord(stack, garage, { vehicle_registration: rewritten, mileage: 31000 });
    // Its event's bump too, which would delete the answer this lookup publishes.
    await eventsHandled();
    // The replica does not have the record: an answer built there would be stale.
    const onStandby = await standby.query('SELECT 1 FROM service_records WHERE id = $1', [record.id]);
    expect(onStandby.rowCount).toBe(0);

    expect(await lookUp(rewritten)).toEqual({ mileages: [31000, 30000], read: { 'primary/replica_behind': 1 } });
    expect(await publishedMileages(rewritten)).toEqual([31000, 30000]);
    // A vehicle whose own writes the replica has replayed is still read there...
    expect(await lookUp(untouched)).toEqual({ mileages: [52000], read: { 'replica/caught_up': 1 } });
    // ...and one without a version of its own waits for the latest write that reached Redis.
    expect(await lookUp(neverWritten)).toEqual({ mileages: [], read: { 'primary/replica_behind': 1 } });
  });

  it('reads the replica again once its replay resumes and catches up', async () => {
    await eventsHandled();
    await standby.query('SELECT pg_wal_replay_resume()');
    await standbyCaughtUp();
    expect(await lookUp(rewritten)).toEqual({ mileages: [31000, 30000], read: { 'replica/caught_up': 1 } });
    expect(await lookUp(neverWritten)).toEqual({ mileages: [], read: { 'replica/caught_up': 1 } });
  });
});

describe('where a miss reads without a known position or a reachable replica', () => {
  /** Where a read ran: the server's port (the primary's and the standby's differ). */
  const serverPort = (db: Queryable) =>
    db.query<{ port: number }>('SELECT inet_server_port() AS port').then(({ rows }) => rows[0]!.port);
  const [primaryPort, standbyPort] = [() => serverPort(primary), () => serverPort(standby)];
  /** This process's lookup_miss_reads_total of one database and reason (the reader's own, in this process). */
  const counted = async (database: string, reason: string) =>
    (await lookupMissReads.get()).values.find((v) => v.labels.database === database && v.labels.reason === reason)
      ?.value ?? 0;

  it('reads the primary when no position is known (Redis away or empty), even with the replica caught up', async () => {
    const replayed = await standbyCaughtUp();
    const readMiss = createMissReader({ primary, replica: standby });
    const [unknownBefore, replicaBefore] = [
      await counted('primary', 'position_unknown'),
      await counted('replica', 'caught_up'),
    ];
    expect(await readMiss(null, serverPort)).toBe(await primaryPort());
    expect(await counted('primary', 'position_unknown')).toBe(unknownBefore + 1);
    // The same reader, given a position the replica has replayed, reads the replica.
    expect(await readMiss(replayed, serverPort)).toBe(await standbyPort());
    expect(await counted('replica', 'caught_up')).toBe(replicaBefore + 1);
  });

  it('reads the primary when the replica cannot be reached', async () => {
    const unreachable = createPool('postgres://postgres@127.0.0.1:1/sh_records', 1, { connectionTimeoutMillis: 500 });
    try {
      const readMiss = createMissReader({ primary, replica: unreachable });
      const before = await counted('primary', 'replica_away');
      expect(await readMiss(await readWritePosition(primary), serverPort)).toBe(await primaryPort());
      expect(await counted('primary', 'replica_away')).toBe(before + 1);
    } finally {
      await unreachable.end();
    }
  });

  it("refuses to start records on a DATABASE_READ_URL that is not a replica of DATABASE_URL's database", async () => {
    const [own, other] = [
      await recordsDatabaseOn(cluster!, 'sh_records_refused'),
      await recordsDatabaseOn(cluster!, 'sh_records_other'),
    ];
    try {
      const starting = startServiceProcess('records', {
        db: own,
        env: { DATABASE_READ_URL: other.url, IDENTITY_URL: inject('identityUrl'), INTERNAL_TOKEN: TEST_INTERNAL_TOKEN },
      });
      await expect(starting).rejects.toThrow("DATABASE_READ_URL reads another database than DATABASE_URL's");
    } finally {
      await Promise.all([own.drop(), other.drop()]);
    }
  });
});

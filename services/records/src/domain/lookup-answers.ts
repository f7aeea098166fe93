import { createHash } from 'node:crypto';
import {
  createVersionedAnswers,
  deleteKeysMatching,
  lookupAnswersNamespace,
  publishSharedAnswer,
  sharedAnswerKeyOf,
  versionKeyOf,
  type Logger,
  type Queryable,
  type Redis,
} from '@sh/shared/server';
import { findRecordsOfRegistrations, findRegistrationsAfter } from '../store/find-records-by-registration.js';
import { lookupVehicleHistory } from './lookup-vehicle-history.js';
import { presentPublicRecord } from './present-public-record.js';

/** One lookup's answer, serialised once: the envelope's bytes and their strong ETag. */
export interface LookupAnswer {
  body: Buffer;
  etag: string;
}

/**
 * The public lookup's answers, kept in memory while current (createVersionedAnswers): each lookup reads its
 * registration's version in Redis (one GET) before anything else, and logging, amending or withdrawing a record bumps
 * it before the write's answer goes out, so the next lookup through any instance (and the gateway) shows it. A
 * garage's new name or address reaches records by an event, whose handler bumps the versions of the garage's vehicles
 * (events/handlers.ts). Every answer with a record in it is also published in Redis under the version read before its
 * rows were (shared-answers.ts), so the gateway can send it without asking records. Without Redis every lookup reads
 * afresh.
 */
export interface LookupAnswers {
  answer(registration: string): Promise<LookupAnswer>;
  /** Marks the registration's answers stale in every instance; awaited before a write's response is sent. */
  invalidate(registration: string): Promise<void>;
}

/** Serialises the envelope once and names it by its bytes. */
export function serialiseLookupAnswer(serviceRecords: unknown[]): LookupAnswer {
  const body = Buffer.from(JSON.stringify({ status: 200, data: { serviceRecords } }));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** The answer of a registration without a public record: never published, so made-up registrations cannot fill Redis. */
const NO_HISTORY_ETAG = serialiseLookupAnswer([]).etag;

export function createLookupAnswers(options: { db: Queryable; redis?: Redis; prefix: string; logger: Logger; maxBytes?: number }): LookupAnswers {
  const { db } = options;
  const answers = createVersionedAnswers<LookupAnswer>({
    redis: options.redis,
    namespace: lookupAnswersNamespace(options.prefix),
    logger: options.logger,
    maxBytes: options.maxBytes,
    publish: (answer) => (answer.etag === NO_HISTORY_ETAG ? null : answer),
  });
  return {
    answer: (registration) => answers.get(registration, async () => ({ answer: serialiseLookupAnswer(await lookupVehicleHistory(db, registration)), keep: true })),
    invalidate: (registration) => answers.invalidate(registration),
  };
}

/**
 * Publishes the answer of every registration with a public record that has none published yet, a batch at a time,
 * and answers how many it published. A lookup or a write meanwhile is never held up or shown an older answer.
 */
export async function publishEveryAnswer(options: { db: Queryable; redis: Redis; prefix: string; batchSize?: number; stopped?: () => boolean }): Promise<number> {
  const { db, redis, batchSize = 500, stopped = () => false } = options;
  const namespace = lookupAnswersNamespace(options.prefix);
  let published = 0;
  let after = '';
  while (!stopped()) {
    const registrations = await findRegistrationsAfter(db, after, batchSize);
    if (registrations.length === 0) break;
    after = registrations[registrations.length - 1]!;
    // The versions are read before the rows, as for one lookup; registrations already published are left alone.
    const read = redis.pipeline();
    for (const registration of registrations) read.get(versionKeyOf(namespace, registration)).exists(sharedAnswerKeyOf(namespace, registration));
    const results = (await read.exec()) ?? [];
    const wanted = new Map<string, string>();
    registrations.forEach((registration, i) => {
      const [versionError, version] = results[2 * i] ?? [new Error('no reply')];
      const [existsError, exists] = results[2 * i + 1] ?? [new Error('no reply')];
      if (versionError || existsError) throw versionError ?? existsError;
      if (exists === 0) wanted.set(registration, (version as string | null) ?? '');
    });
    if (wanted.size === 0) continue;
    const histories = await findRecordsOfRegistrations(db, [...wanted.keys()]);
    // A vehicle whose last record was withdrawn since the walk has none left to publish.
    const outcomes = await Promise.all(
      [...histories].map(([registration, rows]) =>
        publishSharedAnswer(redis, namespace, registration, wanted.get(registration)!, serialiseLookupAnswer(rows.map(presentPublicRecord))),
      ),
    );
    published += outcomes.filter(Boolean).length;
  }
  if (!stopped()) await redis.set(prewarmedKeyOf(options.prefix), new Date().toISOString());
  return published;
}

/**
 * Deletes every lookup answer published under this prefix when they were published for another database than this
 * one (or for none known): run as records starts, before it answers. Answers published for a database that was
 * dropped and made again would otherwise show its old records for up to a day. Answers how many it deleted, or null
 * when the answers in Redis are this database's. After restoring records' database from a backup (the same identity,
 * older rows), delete `{prefix}:lookup:database` and start records again.
 */
export async function forgetAnswersOfOtherDatabases(db: Queryable, redis: Redis, prefix: string): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>({ name: 'database-identity', text: 'SELECT id FROM database_identity' });
  const identity = rows[0]!.id;
  const namespace = lookupAnswersNamespace(prefix);
  const identityKey = `${namespace}:database`;
  if ((await redis.get(identityKey)) === identity) return null;
  const forgotten = await deleteKeysMatching(redis, sharedAnswerKeyOf(namespace, '*'));
  await redis.set(identityKey, identity);
  return forgotten;
}

/** Where the time the last prewarm finished is kept (an operator's check, and the benchmark's). */
export function prewarmedKeyOf(prefix: string): string {
  return `${lookupAnswersNamespace(prefix)}:prewarmed`;
}

/**
 * Runs publishAll (publishEveryAnswer) at once and then every `everyMs` (a minute after a pass that failed), until
 * stopped: the published answers, which live a day, are kept for every vehicle.
 */
export function keepEveryAnswerPublished(
  publishAll: (options: { stopped: () => boolean }) => Promise<number>,
  logger: Logger,
  { everyMs = 12 * 3600_000, retryMs = 60_000 } = {},
) {
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const looping = (async () => {
    while (!stopped) {
      const started = Date.now();
      let wait = everyMs;
      try {
        const published = await publishAll({ stopped: () => stopped });
        if (!stopped) logger.info({ published, ms: Date.now() - started }, "every vehicle's lookup answer is published");
      } catch (error) {
        logger.warn({ err: error }, 'publishing every lookup answer failed; trying again in a minute');
        wait = retryMs;
      }
      if (!stopped) await pause(wait);
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await looping;
    },
  };
}

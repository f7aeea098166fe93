import { createHash } from 'node:crypto';
import { createVersionedAnswers, lookupAnswersNamespace, type Logger, type Queryable, type Redis } from '@sh/shared/server';
import { lookupVehicleHistory } from './lookup-vehicle-history.js';

/** One lookup's answer, serialised once: the envelope's bytes and their strong ETag. */
export interface LookupAnswer {
  body: Buffer;
  etag: string;
}

/**
 * The public lookup's answers, kept in memory while current (createVersionedAnswers): each lookup reads its
 * registration's version in Redis (one GET) before anything else, and logging, amending or withdrawing a record bumps
 * it before the write's answer goes out, so the next lookup through any instance (and the gateway's copy) shows it.
 * A garage's new name or address reaches records by an event, whose handler bumps the versions of the garage's
 * vehicles once the directory has committed (events/handlers.ts). Without Redis every lookup reads afresh.
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

export function createLookupAnswers(options: { db: Queryable; redis?: Redis; prefix: string; logger: Logger; maxBytes?: number }): LookupAnswers {
  const { db } = options;
  const answers = createVersionedAnswers<LookupAnswer>({
    redis: options.redis,
    namespace: lookupAnswersNamespace(options.prefix),
    logger: options.logger,
    maxBytes: options.maxBytes,
  });
  return {
    answer: (registration) => answers.get(registration, async () => ({ answer: serialiseLookupAnswer(await lookupVehicleHistory(db, registration)), keep: true })),
    invalidate: (registration) => answers.invalidate(registration),
  };
}

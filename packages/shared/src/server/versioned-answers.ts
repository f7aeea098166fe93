import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { publishSharedAnswer, sharedAnswerKeyOf, versionKeyOf, type SharedAnswer } from './shared-answers.js';
import { withTimeout } from './timeout.js';

/** An answer kept in memory: its bytes, and whatever its holder sends with them. */
export interface KeptAnswer {
  body: Buffer;
}

/**
 * Answers kept in one process's memory and reused while they are current, across every process that shares Redis.
 * Each key has a version in Redis: a read asks for it (one GET) before it looks at what it kept, and an answer kept
 * under another version is built again. A write bumps the key's version (invalidate) before its own answer goes out,
 * so the next read in any process, through any instance, builds afresh. The version is read before the answer is
 * built, so an answer built from data read before a write is kept under the old version and never served after the
 * bump. If Redis does not answer, reads build afresh and everything kept is dropped (bumps may be missed meanwhile).
 * An answer is kept at most maxAgeMs, which bounds the harm of a bump that could not reach Redis at all.
 *
 * Only keys asked for again are kept: the first read of a key that is neither kept nor among the last seenKeys keys
 * read builds its answer without asking Redis and keeps nothing, and its key is remembered; a second read within them
 * reads the version and keeps the answer. Lookups of the long tail of vehicles, asked for once, so cost no Redis round
 * trip and push no one's kept answer out. A kept key that this process invalidates counts as read before.
 *
 * With `publish`, each answer built is also published in Redis under the version read before it was built
 * (shared-answers.ts), for other processes to send; a first read then reads the version too, and invalidate deletes
 * the published answer with the bump. The records service keeps and publishes its public lookup answers this way
 * (namespace `${prefix}:lookup`); the gateway sends what it published.
 */
export interface VersionedAnswers<T extends KeptAnswer> {
  /** The answer for key: the kept one while current, otherwise build's, kept when build says it may be. */
  get(key: string, build: () => Promise<{ answer: T; keep: boolean }>): Promise<T>;
  /** Marks key's answers stale in every process and deletes its published answer (shared-answers.ts); awaited before a write's response is sent. */
  invalidate(key: string): Promise<void>;
}

export interface VersionedAnswersOptions<T extends KeptAnswer = KeptAnswer> {
  /** Without Redis nothing is kept: every read builds. */
  redis?: Redis;
  /** Names the versions in Redis; every process keeping the same answers uses the same namespace. */
  namespace: string;
  logger: Logger;
  /** The bytes of bodies one process keeps; the least recently used go first. */
  maxBytes?: number;
  maxAgeMs?: number;
  /** How long a read waits for Redis before it builds afresh. */
  redisTimeoutMs?: number;
  /** How many keys read once are remembered, so that a second read of one keeps its answer. */
  seenKeys?: number;
  /** What of an answer built is published in Redis for other processes (null: none of it); unset, nothing is. */
  publish?: (answer: T) => SharedAnswer | null;
}

const DEFAULT_MAX_BYTES = 128 * 1024 * 1024;
const DEFAULT_MAX_AGE_MS = 60_000;
const DEFAULT_REDIS_TIMEOUT_MS = 200;
const DEFAULT_SEEN_KEYS = 100_000;
/** A key's version outlives every answer kept under it by far (see maxAgeMs). */
const VERSION_TTL_S = 7 * 24 * 3600;
const WARNING_INTERVAL_MS = 30_000;

/** Where the public lookup's answers are versioned and published: the records service keeps and publishes them, the gateway reads them. */
export function lookupAnswersNamespace(prefix: string): string {
  return `${prefix}:lookup`;
}

/** Whether an If-None-Match header names this ETag (a list, weak forms and '*' included). Linear in its length. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

interface Entry<T> {
  answer: T;
  version: string;
  keptUntil: number;
}

export function createVersionedAnswers<T extends KeptAnswer>(options: VersionedAnswersOptions<T>): VersionedAnswers<T> {
  const { redis, logger } = options;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const redisTimeoutMs = options.redisTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  const seenKeys = options.seenKeys ?? DEFAULT_SEEN_KEYS;
  const versionKey = (key: string) => versionKeyOf(options.namespace, key);
  // A Map remembers insertion order: re-inserting on use makes its first key the least recently used.
  const kept = new Map<string, Entry<T>>();
  let keptBytes = 0;
  // Keys read once and not kept, oldest first (a Set keeps insertion order).
  const seenOnce = new Set<string>();
  /** Remembers key as read once, forgetting the oldest beyond seenKeys. */
  const remember = (key: string) => {
    seenOnce.add(key);
    if (seenOnce.size > seenKeys) seenOnce.delete(seenOnce.values().next().value!);
  };
  /** Whether key was read before (and is forgotten as seen once); otherwise remembers it. */
  const seenBefore = (key: string): boolean => {
    if (seenOnce.delete(key)) return true;
    remember(key);
    return false;
  };

  const forget = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    keptBytes -= entry.answer.body.length;
  };
  const forgetAll = () => {
    kept.clear();
    keptBytes = 0;
  };
  const keep = (key: string, entry: Entry<T>) => {
    forget(key);
    if (entry.answer.body.length > maxBytes) return;
    kept.set(key, entry);
    keptBytes += entry.answer.body.length;
    for (const oldest of kept.keys()) {
      if (keptBytes <= maxBytes) break;
      forget(oldest);
    }
  };

  let warnedAt = 0;
  const warnRedisAway = (error: unknown, message = 'answers are built afresh: Redis did not answer') => {
    if (Date.now() - warnedAt < WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    logger.warn({ err: error, namespace: options.namespace }, message);
  };
  /** Publishes what `publish` takes of an answer built under `version`; a failure only means other processes ask. */
  const publishBuilt = (key: string, version: string, answer: T) => {
    const shared = redis && options.publish?.(answer);
    if (!redis || !shared) return;
    publishSharedAnswer(redis, options.namespace, key, version, shared).catch((error: unknown) => warnRedisAway(error, 'an answer was not published: Redis did not answer'));
  };

  return {
    async get(key, build) {
      if (!redis) return (await build()).answer;
      // A first read keeps nothing; its version is read only when its answer is to be published.
      const readBefore = kept.has(key) || seenBefore(key);
      if (!readBefore && !options.publish) return (await build()).answer;
      let version: string;
      try {
        version = (await withTimeout(redis.get(versionKey(key)), redisTimeoutMs, 'Redis (answer versions)')) ?? '';
      } catch (error) {
        forgetAll();
        warnRedisAway(error);
        return (await build()).answer;
      }
      const now = Date.now();
      const entry = kept.get(key);
      if (entry && entry.version === version && entry.keptUntil > now) {
        kept.delete(key);
        kept.set(key, entry);
        return entry.answer;
      }
      const built = await build();
      publishBuilt(key, version, built.answer);
      if (built.keep && readBefore) keep(key, { answer: built.answer, version, keptUntil: now + maxAgeMs });
      else forget(key);
      return built.answer;
    },

    async invalidate(key) {
      // A kept key was asked for before: its next read keeps the new answer at once.
      if (kept.has(key)) {
        forget(key);
        remember(key);
      }
      if (redis) {
        // One transaction: no reader sees the new version beside the old published answer.
        const results = await redis.multi().set(versionKey(key), randomUUID(), 'EX', VERSION_TTL_S).del(sharedAnswerKeyOf(options.namespace, key)).exec();
        const failure = results?.find(([error]) => error)?.[0];
        if (!results || failure) throw failure ?? new Error('the version bump was discarded');
      }
    },
  };
}

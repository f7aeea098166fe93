import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { withTimeout } from '../server/timeout.js';
import { SHARED_ANSWER_TTL_S, sharedAnswerKeyOf, VERSION_TTL_S, versionKeyOf } from './keys.js';
import { decodeSharedAnswer, encodeSharedAnswer } from './stored-answer.js';

/**
 * The public lookup's answers published in Redis, beside their versions: the records service publishes each answer it
 * builds (and, asked to, every vehicle's: prewarm.ts), and the gateway sends a published answer without asking
 * records. An answer is published only while its key's version is still the one read before the data was read (one
 * script, so a write in between wins), and a write's invalidation deletes it with the same bump, so a published
 * answer is never older than the last write that reached Redis. A write whose bump could not reach Redis is caught up
 * by its service_record.* event, which the records service hears too. An answer is stored brotli-compressed
 * (stored-answer.ts).
 */
export interface SharedAnswer {
  etag: string;
  body: Buffer;
}

// SET only while the version is the one read before the answer was built ('' for none yet).
const PUBLISH_SCRIPT = `if (redis.call('GET', KEYS[1]) or '') == ARGV[1] then redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3]) return 1 end return 0`;

/** Publishes key's answer if its version is still `version`; answers whether it did. */
export async function publishSharedAnswer(
  redis: Redis,
  namespace: string,
  key: string,
  version: string,
  answer: SharedAnswer,
): Promise<boolean> {
  // Compressed before the version is compared: a write meanwhile still wins.
  const stored = await encodeSharedAnswer(answer);
  const published = await redis.eval(
    PUBLISH_SCRIPT,
    2,
    versionKeyOf(namespace, key),
    sharedAnswerKeyOf(namespace, key),
    version,
    stored,
    SHARED_ANSWER_TTL_S,
  );
  return published === 1;
}

/** Unlinks every key matching `pattern`, a SCAN page at a time, and answers how many there were. */
export async function deleteKeysMatching(redis: Redis, pattern: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

/** Where one process publishes answers under their versions, and marks them stale. */
export interface PublishedAnswers {
  /**
   * key's version now ('' for none yet) and the ETag of the answer published for it (null for none), in one call;
   * null when Redis did not answer in time: then nothing is published.
   */
  readVersion(key: string): Promise<{ version: string; publishedEtag: string | null } | null>;
  /** Publishes key's answer built under `version` unless a write bumped it since; a failure only means the gateway asks records. */
  publish(key: string, version: string, answer: SharedAnswer): void;
  /** Sets a new version of key and deletes its published answer, in one transaction; awaited before a write's response is sent. */
  invalidate(key: string): Promise<void>;
}

const DEFAULT_REDIS_TIMEOUT_MS = 200;
const WARNING_INTERVAL_MS = 30_000;

export function createPublishedAnswers(options: {
  redis: Redis;
  namespace: string;
  logger: Logger;
  redisTimeoutMs?: number;
}): PublishedAnswers {
  const { redis, namespace, logger } = options;
  const redisTimeoutMs = options.redisTimeoutMs ?? DEFAULT_REDIS_TIMEOUT_MS;
  let warnedAt = 0;
  const warnRedisAway = (error: unknown, message: string) => {
    if (Date.now() - warnedAt < WARNING_INTERVAL_MS) return;
    warnedAt = Date.now();
    logger.warn({ err: error, namespace }, message);
  };
  return {
    async readVersion(key) {
      try {
        const [version, stored] = await withTimeout(
          redis.mgetBuffer(versionKeyOf(namespace, key), sharedAnswerKeyOf(namespace, key)),
          redisTimeoutMs,
          'Redis (answer versions)',
        );
        return {
          version: version?.toString('latin1') ?? '',
          publishedEtag: (stored && decodeSharedAnswer(stored)?.etag) ?? null,
        };
      } catch (error) {
        warnRedisAway(error, 'answers are built afresh and not published: Redis did not answer');
        return null;
      }
    },
    publish(key, version, answer) {
      publishSharedAnswer(redis, namespace, key, version, answer).catch((error: unknown) =>
        warnRedisAway(error, 'an answer was not published: Redis did not answer'),
      );
    },
    async invalidate(key) {
      // One transaction: no reader sees the new version beside the old published answer.
      const results = await redis
        .multi()
        .set(versionKeyOf(namespace, key), randomUUID(), 'EX', VERSION_TTL_S)
        .del(sharedAnswerKeyOf(namespace, key))
        .exec();
      const failure = results?.find(([error]) => error)?.[0];
      if (!results || failure) throw failure ?? new Error('the version bump was discarded');
    },
  };
}

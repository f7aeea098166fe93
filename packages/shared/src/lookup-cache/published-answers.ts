import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { withTimeout } from '../server/timeout.js';
import { latestWriteKeyOf, SHARED_ANSWER_TTL_S, sharedAnswerKeyOf, VERSION_TTL_S, versionKeyOf } from './keys.js';
import { decodeSharedAnswer, encodeSharedAnswer, type AnswerEncoding } from './stored-answer.js';

/**
 * The public lookup's answers published in Redis, beside their versions: the records service publishes each answer it
 * builds (and, asked to, every vehicle's: prewarm.ts), and the gateway sends a published answer without asking
 * records. An answer is published only while its key's version is still the one read before the data was read (one
 * script, so a write in between wins), and a write's invalidation deletes it with the same bump, so a published
 * answer is never older than the last write that reached Redis. A write whose bump could not reach Redis is caught up
 * by its service_record.* event, which the records service hears too. An answer is stored brotli-compressed
 * (stored-answer.ts). A bump carries the write's position in its database when records knows it, so that an answer is
 * read from a read replica only once the replica shows the write (README.md beside this file, "Read replicas").
 */
export interface SharedAnswer {
  etag: string;
  body: Buffer;
}

// SET only while the version is the one read before the answer was built ('' for none yet).
const PUBLISH_SCRIPT = `if (redis.call('GET', KEYS[1]) or '') == ARGV[1] then redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3]) return 1 end return 0`;

/**
 * A write position: where a write ends in its database's write-ahead log, as 16 lowercase hex digits (records makes
 * them of Postgres' LSNs). A read replica that has replayed up to one shows every write that ended there or before.
 */
export type WritePosition = string;
const WRITE_POSITION = /^[0-9a-f]{16}$/;

/** Whether `value` is a write position (16 lowercase hex digits). */
export function isWritePosition(value: string): boolean {
  return WRITE_POSITION.test(value);
}

/** The write position a version carries (`<uuid>@<position>`), or null for one without (`<uuid>`: an older records'). */
export function writePositionOf(version: string): WritePosition | null {
  const position = version.slice(version.lastIndexOf('@') + 1);
  return version.includes('@') && isWritePosition(position) ? position : null;
}

// A write's bump, one script (atomic, as a MULTI): a new version, the published answer deleted and, with the write's
// position, the version carrying it and the latest write's position raised to it. Positions only move forward: a bump
// whose position was taken before an earlier bump's keeps the later one (two writes of a vehicle whose positions were
// read in the other order), compared as two 32-bit halves, as Lua's numbers hold 53 bits.
// KEYS: the version, the answer, the latest write's position. ARGV: a new UUID, the position ('' unknown), the TTL.
const BUMP_SCRIPT = `
local function position_in(value, pattern)
  return string.match(value or '', pattern .. string.rep('%x', 16) .. ')$')
end
local function later(a, b)
  local a_high, b_high = tonumber(string.sub(a, 1, 8), 16), tonumber(string.sub(b, 1, 8), 16)
  if a_high ~= b_high then return a_high > b_high end
  return tonumber(string.sub(a, 9), 16) > tonumber(string.sub(b, 9), 16)
end
local version, position = ARGV[1], ARGV[2]
if position ~= '' then
  local before = position_in(redis.call('GET', KEYS[1]), '@(')
  if before and later(before, position) then position = before end
  local latest = position_in(redis.call('GET', KEYS[3]), '^(')
  if not latest or later(position, latest) then redis.call('SET', KEYS[3], position) end
  version = version .. '@' .. position
end
redis.call('SET', KEYS[1], version, 'EX', ARGV[3])
redis.call('DEL', KEYS[2])
return 1`;

/** Publishes key's answer if its version is still `version`; answers whether it did. */
export async function publishSharedAnswer(
  redis: Redis,
  namespace: string,
  key: string,
  version: string,
  answer: SharedAnswer,
  encoding: AnswerEncoding = 'br',
): Promise<boolean> {
  // Compressed before the version is compared: a write meanwhile still wins.
  const stored = await encodeSharedAnswer(answer, encoding);
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
   * key's version now ('' for none yet), the ETag of the answer published for it (null for none) and the position of
   * the latest write its answer must show (`written`: its version's; for a key without a version, the latest write's
   * that reached Redis; null when neither is known), in one call; null when Redis did not answer in time: then nothing
   * is published.
   */
  readVersion(key: string): Promise<VersionRead | null>;
  /** Publishes key's answer built under `version` unless a write bumped it since; a failure only means the gateway asks records. */
  publish(key: string, version: string, answer: SharedAnswer): void;
  /**
   * Sets a new version of key and deletes its published answer, in one transaction; awaited before a write's response
   * is sent. `position`: where the write ended in its database (null: not known, and the key's answer is read from the
   * primary until its next bump with one).
   */
  invalidate(key: string, position?: WritePosition | null): Promise<void>;
}

export interface VersionRead {
  version: string;
  publishedEtag: string | null;
  written: WritePosition | null;
}

const DEFAULT_REDIS_TIMEOUT_MS = 200;
const WARNING_INTERVAL_MS = 30_000;

export function createPublishedAnswers(options: {
  redis: Redis;
  namespace: string;
  logger: Logger;
  redisTimeoutMs?: number;
  /** How answers are stored (stored-answer.ts); `br` unless told. */
  encoding?: AnswerEncoding;
}): PublishedAnswers {
  const { redis, namespace, logger, encoding = 'br' } = options;
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
        const [versionBytes, stored, latest] = await withTimeout(
          redis.mgetBuffer(
            versionKeyOf(namespace, key),
            sharedAnswerKeyOf(namespace, key),
            latestWriteKeyOf(namespace),
          ),
          redisTimeoutMs,
          'Redis (answer versions)',
        );
        const version = versionBytes?.toString('latin1') ?? '';
        const latestWrite = latest?.toString('latin1') ?? '';
        return {
          version,
          publishedEtag: (stored && decodeSharedAnswer(stored)?.etag) ?? null,
          written: version !== '' ? writePositionOf(version) : isWritePosition(latestWrite) ? latestWrite : null,
        };
      } catch (error) {
        warnRedisAway(error, 'answers are built afresh and not published: Redis did not answer');
        return null;
      }
    },
    publish(key, version, answer) {
      publishSharedAnswer(redis, namespace, key, version, answer, encoding).catch((error: unknown) =>
        warnRedisAway(error, 'an answer was not published: Redis did not answer'),
      );
    },
    async invalidate(key, position = null) {
      if (position !== null && !isWritePosition(position)) throw new Error(`not a write position: ${position}`);
      // One script: no reader sees the new version beside the old published answer.
      await redis.eval(
        BUMP_SCRIPT,
        3,
        versionKeyOf(namespace, key),
        sharedAnswerKeyOf(namespace, key),
        latestWriteKeyOf(namespace),
        randomUUID(),
        position ?? '',
        VERSION_TTL_S,
      );
    },
  };
}

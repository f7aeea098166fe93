import type { Redis } from 'ioredis';

/**
 * The public lookup's answers published in Redis, beside the versions of createVersionedAnswers: the records service
 * publishes each answer it builds (and, asked to, every vehicle's: prewarm), and the gateway sends a published answer
 * without asking records. An answer is published only while its key's version is still the one read before the data
 * was read (one script, so a write in between wins), and a write's invalidation deletes it with the same bump, so a
 * published answer is never older than the last write that reached Redis. A write whose bump could not reach Redis
 * is caught up by its service_record.* event, which the records service hears too.
 */
export interface SharedAnswer {
  etag: string;
  body: Buffer;
}

/** How long a published answer lives unless a write deletes it first: a day, then it is built again on demand. */
export const SHARED_ANSWER_TTL_S = 24 * 3600;

/** Where a key's version lives (createVersionedAnswers) and where its published answer does. */
export function versionKeyOf(namespace: string, key: string): string {
  return `${namespace}:v:${key}`;
}
export function sharedAnswerKeyOf(namespace: string, key: string): string {
  return `${namespace}:a:${key}`;
}

// SET only while the version is the one read before the answer was built ('' for none yet).
const PUBLISH_SCRIPT = `if (redis.call('GET', KEYS[1]) or '') == ARGV[1] then redis.call('SET', KEYS[2], ARGV[2], 'EX', ARGV[3]) return 1 end return 0`;

/** An answer's bytes in Redis: its ETag (which never holds a line feed), a line feed, then its body; null if not so. */
function encode({ etag, body }: SharedAnswer): Buffer {
  return Buffer.concat([Buffer.from(`${etag}\n`, 'latin1'), body]);
}
export function decodeSharedAnswer(stored: Buffer): SharedAnswer | null {
  const end = stored.indexOf(10);
  if (end <= 0) return null;
  return { etag: stored.toString('latin1', 0, end), body: stored.subarray(end + 1) };
}

/** Publishes key's answer if its version is still `version`; answers whether it did. */
export async function publishSharedAnswer(redis: Redis, namespace: string, key: string, version: string, answer: SharedAnswer): Promise<boolean> {
  const published = await redis.eval(PUBLISH_SCRIPT, 2, versionKeyOf(namespace, key), sharedAnswerKeyOf(namespace, key), version, encode(answer), SHARED_ANSWER_TTL_S);
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

import { afterAll, describe, expect, it } from 'vitest';
import {
  createPublishedAnswers,
  publishSharedAnswer,
  sharedAnswerKeyOf,
  versionKeyOf,
} from '../../src/lookup-cache/index.js';
import { createRequestRedis } from '../../src/server/index.js';
import { readPublishedAnswer, testLogger, testQueuePrefix, TEST_REDIS_URL } from '../../src/testing/index.js';

const redis = createRequestRedis(TEST_REDIS_URL);
afterAll(() => {
  redis.disconnect();
});

/** A fresh namespace, its published answers (for invalidate) and the version a reader would read first. */
function namespaceOfOwn() {
  const namespace = `${testQueuePrefix()}:lookup`;
  const answers = createPublishedAnswers({ redis, namespace, logger: testLogger });
  const versionNow = async (key: string) => (await redis.get(versionKeyOf(namespace, key))) ?? '';
  return { namespace, answers, versionNow };
}

describe('answers published in Redis', () => {
  it('publishes an answer under the version read before it was built, and reads back its ETag and bytes', async () => {
    const { namespace, versionNow } = namespaceOfOwn();
    // A body may hold line feeds and any byte: only the ETag ends at the first one.
    const answer = { etag: '"tag-1"', body: Buffer.from('{"a":"line\\nfeed"}\n\u00e9\u0000', 'utf8') };
    expect(await readPublishedAnswer(redis, namespace, 'SA01AAA')).toBeNull();
    expect(await publishSharedAnswer(redis, namespace, 'SA01AAA', await versionNow('SA01AAA'), answer)).toBe(true);
    const read = await readPublishedAnswer(redis, namespace, 'SA01AAA');
    expect(read?.etag).toBe('"tag-1"');
    expect(read?.body.equals(answer.body)).toBe(true);
    // It lives a day unless a write deletes it first.
    expect(await redis.ttl(sharedAnswerKeyOf(namespace, 'SA01AAA'))).toBeGreaterThan(23 * 3600);
  });

  it('deletes the published answer with the version bump of a write, and refuses an answer built before the bump', async () => {
    const { namespace, answers, versionNow } = namespaceOfOwn();
    const before = await versionNow('SA02AAA');
    expect(
      await publishSharedAnswer(redis, namespace, 'SA02AAA', before, { etag: '"old"', body: Buffer.from('old') }),
    ).toBe(true);

    await answers.invalidate('SA02AAA');
    expect(await readPublishedAnswer(redis, namespace, 'SA02AAA')).toBeNull();
    // A reader that read its version before the write, and its rows too, comes late: its answer is not published.
    expect(
      await publishSharedAnswer(redis, namespace, 'SA02AAA', before, { etag: '"old"', body: Buffer.from('old') }),
    ).toBe(false);
    expect(await readPublishedAnswer(redis, namespace, 'SA02AAA')).toBeNull();
    // One that read the version after the write is published.
    expect(
      await publishSharedAnswer(redis, namespace, 'SA02AAA', await versionNow('SA02AAA'), {
        etag: '"new"',
        body: Buffer.from('new'),
      }),
    ).toBe(true);
    expect((await readPublishedAnswer(redis, namespace, 'SA02AAA'))?.etag).toBe('"new"');
  });

  it("reads a key's version as a reader does: '' before any write, then the write's", async () => {
    const { namespace, answers } = namespaceOfOwn();
    expect(await answers.readVersion('SA03AAA')).toBe('');
    await answers.invalidate('SA03AAA');
    const version = await answers.readVersion('SA03AAA');
    expect(version).toMatch(/^[0-9a-f-]{36}$/);
    expect(version).toBe(await redis.get(versionKeyOf(namespace, 'SA03AAA')));
    // A week, beyond any published answer's day.
    expect(await redis.ttl(versionKeyOf(namespace, 'SA03AAA'))).toBeGreaterThan(6 * 24 * 3600);
  });

  it('reads no version while Redis does not answer, so that nothing is published, and fails a bump', async () => {
    const away = createRequestRedis('redis://127.0.0.1:1', { commandTimeoutMs: 50 });
    try {
      const answers = createPublishedAnswers({
        redis: away,
        namespace: `${testQueuePrefix()}:lookup`,
        logger: testLogger,
        redisTimeoutMs: 100,
      });
      expect(await answers.readVersion('SA04AAA')).toBeNull();
      await expect(answers.invalidate('SA04AAA')).rejects.toThrow();
    } finally {
      away.disconnect();
    }
  });
});

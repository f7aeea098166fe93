import { afterAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import {
  createPublishedAnswers,
  etagOf,
  latestWriteKeyOf,
  publishSharedAnswer,
  serialiseLookupAnswer,
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
  it('publishes an answer, compressed, under the version read before it was built, and reads back its ETag and bytes', async () => {
    const { namespace, versionNow } = namespaceOfOwn();
    // A body may hold line feeds and any byte.
    const answer = serialiseLookupAnswer([{ notes: 'line\nfeed \u00e9\u0000', mileage: 1 }]);
    expect(await readPublishedAnswer(redis, namespace, 'SA01AAA')).toBeNull();
    expect(await publishSharedAnswer(redis, namespace, 'SA01AAA', await versionNow('SA01AAA'), answer)).toBe(true);
    const read = await readPublishedAnswer(redis, namespace, 'SA01AAA');
    expect(read?.etag).toBe(answer.etag);
    expect(read?.body.equals(answer.body)).toBe(true);
    // Stored as a line feed, then the body brotli-compressed; no ETag beside it.
    const stored = (await redis.getBuffer(sharedAnswerKeyOf(namespace, 'SA01AAA')))!;
    expect(stored[0]).toBe(10);
    expect(brotliDecompressSync(stored.subarray(1)).equals(answer.body)).toBe(true);
    expect(stored.includes(Buffer.from(answer.etag.slice(1, -1)))).toBe(false);
    // It lives a day unless a write deletes it first.
    expect(await redis.ttl(sharedAnswerKeyOf(namespace, 'SA01AAA'))).toBeGreaterThan(23 * 3600);
  });

  it('deletes the published answer with the version bump of a write, and refuses an answer built before the bump', async () => {
    const { namespace, answers, versionNow } = namespaceOfOwn();
    const before = await versionNow('SA02AAA');
    const [old, fresh] = [Buffer.from('old'), Buffer.from('new')];
    expect(await publishSharedAnswer(redis, namespace, 'SA02AAA', before, { etag: etagOf(old), body: old })).toBe(true);

    await answers.invalidate('SA02AAA');
    expect(await readPublishedAnswer(redis, namespace, 'SA02AAA')).toBeNull();
    // A reader that read its version before the write, and its rows too, comes late: its answer is not published.
    expect(await publishSharedAnswer(redis, namespace, 'SA02AAA', before, { etag: etagOf(old), body: old })).toBe(
      false,
    );
    expect(await readPublishedAnswer(redis, namespace, 'SA02AAA')).toBeNull();
    // One that read the version after the write is published.
    expect(
      await publishSharedAnswer(redis, namespace, 'SA02AAA', await versionNow('SA02AAA'), {
        etag: etagOf(fresh),
        body: fresh,
      }),
    ).toBe(true);
    expect((await readPublishedAnswer(redis, namespace, 'SA02AAA'))?.body.toString()).toBe('new');
  });

  it("reads a key's version as a reader does: '' before any write, then the write's, and what is published", async () => {
    const { namespace, answers } = namespaceOfOwn();
    expect(await answers.readVersion('SA03AAA')).toEqual({ version: '', publishedEtag: null, written: null });
    await answers.invalidate('SA03AAA');
    const read = await answers.readVersion('SA03AAA');
    expect(read?.version).toMatch(/^[0-9a-f-]{36}$/);
    expect(read?.version).toBe(await redis.get(versionKeyOf(namespace, 'SA03AAA')));
    // With the ETag of the answer published under it, which the reader need not publish again.
    const answer = serialiseLookupAnswer([{ mileage: 3 }]);
    expect(await publishSharedAnswer(redis, namespace, 'SA03AAA', read!.version, answer)).toBe(true);
    expect(await answers.readVersion('SA03AAA')).toEqual({
      version: read!.version,
      publishedEtag: answer.etag,
      written: null,
    });
    // A week, beyond any published answer's day.
    expect(await redis.ttl(versionKeyOf(namespace, 'SA03AAA'))).toBeGreaterThan(6 * 24 * 3600);
  });

  it("carries a write's position in its version and raises the latest write's, neither ever moving back", async () => {
    const { namespace, answers, versionNow } = namespaceOfOwn();
    const [early, late, later] = ['00000000ffffffff', '0000000100000000', '000000010000a000'];
    await answers.invalidate('SA05AAA', late);
    expect(await versionNow('SA05AAA')).toMatch(new RegExp(`^[0-9a-f-]{36}@${late}$`));
    expect(await redis.get(latestWriteKeyOf(namespace))).toBe(late);
    expect((await answers.readVersion('SA05AAA'))?.written).toBe(late);
    // A position read before the last bump's (two writes whose positions were read in the other order) keeps the later.
    const before = await versionNow('SA05AAA');
    await answers.invalidate('SA05AAA', early);
    expect(await versionNow('SA05AAA')).not.toBe(before);
    expect((await answers.readVersion('SA05AAA'))?.written).toBe(late);
    expect(await redis.get(latestWriteKeyOf(namespace))).toBe(late);
    // Another vehicle's earlier write leaves the latest write where it is; a later one raises it.
    await answers.invalidate('SA06AAA', early);
    expect((await answers.readVersion('SA06AAA'))?.written).toBe(early);
    expect(await redis.get(latestWriteKeyOf(namespace))).toBe(late);
    await answers.invalidate('SA06AAA', later);
    expect(await redis.get(latestWriteKeyOf(namespace))).toBe(later);
    // A vehicle without a version of its own must show the latest write.
    expect(await answers.readVersion('SA07AAA')).toEqual({ version: '', publishedEtag: null, written: later });
    // A bump without a position (an older records', or none could be read) leaves the vehicle's position unknown.
    await answers.invalidate('SA05AAA');
    expect(await versionNow('SA05AAA')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await answers.readVersion('SA05AAA'))?.written).toBeNull();
    await answers.invalidate('SA05AAA', early);
    expect((await answers.readVersion('SA05AAA'))?.written).toBe(early);
    await expect(answers.invalidate('SA05AAA', '0/16B3748')).rejects.toThrow('not a write position');
  });

  it('publishes under a version that carries a position as under any other', async () => {
    const { namespace, answers, versionNow } = namespaceOfOwn();
    await answers.invalidate('SA08AAA', '0000000000001000');
    const answer = serialiseLookupAnswer([{ mileage: 8 }]);
    expect(await publishSharedAnswer(redis, namespace, 'SA08AAA', await versionNow('SA08AAA'), answer)).toBe(true);
    expect((await readPublishedAnswer(redis, namespace, 'SA08AAA'))?.etag).toBe(answer.etag);
    await answers.invalidate('SA08AAA', '0000000000002000');
    expect(await readPublishedAnswer(redis, namespace, 'SA08AAA')).toBeNull();
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

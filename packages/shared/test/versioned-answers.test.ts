import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRequestRedis, createVersionedAnswers } from '../src/server/index.js';
import { testLogger, testQueuePrefix, TEST_REDIS_URL } from '../src/testing/index.js';

const redis = createRequestRedis(TEST_REDIS_URL);
afterAll(() => {
  redis.disconnect();
});

/** Answers kept under a fresh namespace, a counter of the answers built, and one of the versions read from Redis. */
function keptAnswers(seenKeys?: number) {
  const answers = createVersionedAnswers<{ body: Buffer }>({ redis, namespace: `${testQueuePrefix()}:answers`, logger: testLogger, seenKeys });
  let built = 0;
  const read = (key: string) =>
    answers.get(key, async () => {
      built += 1;
      return { answer: { body: Buffer.from(`${key} #${built}`) }, keep: true };
    });
  return { answers, read, built: () => built };
}

describe('versioned answers kept from the second read of a key', () => {
  it('builds a key read once without asking Redis, keeps it from its second read, and serves the third from memory', async () => {
    const { read, built } = keptAnswers();
    const versionReads = vi.spyOn(redis, 'get');
    try {
      expect((await read('BX01AAA')).body.toString()).toBe('BX01AAA #1');
      expect(versionReads).not.toHaveBeenCalled();
      expect((await read('BX01AAA')).body.toString()).toBe('BX01AAA #2');
      expect((await read('BX01AAA')).body.toString()).toBe('BX01AAA #2');
      expect(built()).toBe(2);
      expect(versionReads).toHaveBeenCalledTimes(2);
    } finally {
      versionReads.mockRestore();
    }
  });

  it('builds a kept key afresh once it is invalidated, and keeps the new answer', async () => {
    const { answers, read, built } = keptAnswers();
    await read('BX02AAA');
    await read('BX02AAA');
    await answers.invalidate('BX02AAA');
    expect((await read('BX02AAA')).body.toString()).toBe('BX02AAA #3');
    expect((await read('BX02AAA')).body.toString()).toBe('BX02AAA #3');
    expect(built()).toBe(3);
  });

  it('forgets the oldest key read once beyond seenKeys, so its next read counts as a first', async () => {
    const { read, built } = keptAnswers(2);
    for (const key of ['BX03AAA', 'BX03AAB', 'BX03AAC']) await read(key);
    // BX03AAA was pushed out by BX03AAC: read again it is a first read, not kept.
    await read('BX03AAA');
    await read('BX03AAA');
    await read('BX03AAA');
    expect(built()).toBe(3 + 2);
  });
});

import { describe, expect, it } from 'vitest';
import { TimeoutError, withTimeout } from '../src/server/index.js';

const after = <T>(ms: number, settle: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(settle()), ms));

describe('withTimeout', () => {
  it('settles as the work does when the work is in time', async () => {
    await expect(
      withTimeout(
        after(5, () => 'answer'),
        200,
        'the work',
      ),
    ).resolves.toBe('answer');
    await expect(withTimeout(Promise.reject(new Error('refused')), 200, 'the work')).rejects.toThrow('refused');
  });

  it('rejects with a TimeoutError naming the work once the time is up, and drops a late failure', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let workSettled = false;
      const lateFailure = after(80, () => {
        workSettled = true;
        return Promise.reject(new Error('too late'));
      }).then((p) => p);
      const timedOut = await withTimeout(lateFailure, 20, 'Redis (test)').catch((error: unknown) => error);
      expect(timedOut).toBeInstanceOf(TimeoutError);
      expect((timedOut as Error).message).toBe('Redis (test) did not answer within 20 ms');
      // It answered at its own deadline, before the work settled, not when the work did.
      expect(workSettled).toBe(false);
      await after(120, () => undefined);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

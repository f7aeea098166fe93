import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEveryAnswerPublished } from '../../src/lookup-cache/index.js';
import { testLogger } from '../../src/testing/index.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('keepEveryAnswerPublished', () => {
  it('publishes at once, again every period, sooner after a failed pass, and stops mid-pause', async () => {
    // The clock is the test's: each pass is seen at the moment it is due, and not a moment before.
    vi.useFakeTimers();
    let calls = 0;
    const publishing = keepEveryAnswerPublished(
      async () => {
        calls += 1;
        if (calls === 2) throw new Error('Redis went away');
        return 0;
      },
      testLogger,
      { everyMs: 400, retryMs: 20 },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    // That pass failed: the next comes after retryMs, not a whole period.
    await vi.advanceTimersByTimeAsync(19);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(200);
    // Mid-pause: stopping wakes it, with no timer run (the clock does not move until it has stopped).
    let stopped = false;
    const stopping = publishing.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(true);
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { keepEveryAnswerPublished } from '../../src/lookup-cache/index.js';
import { testLogger } from '../../src/testing/index.js';

describe('keepEveryAnswerPublished', () => {
  it('publishes at once, again every period, sooner after a failed pass, and stops mid-pause', async () => {
    const passes: number[] = [];
    let calls = 0;
    const started = Date.now();
    const publishing = keepEveryAnswerPublished(
      async () => {
        calls += 1;
        passes.push(Date.now() - started);
        if (calls === 2) throw new Error('Redis went away');
        return 0;
      },
      testLogger,
      { everyMs: 400, retryMs: 20 },
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    const stopping = Date.now();
    await publishing.stop();
    // Woken from its pause, not waiting it out.
    expect(Date.now() - stopping).toBeLessThan(100);
    const stoppedAt = calls;
    // At 0, at about 400, then 20 ms after that pass failed: three passes, the third well before a second period.
    expect(calls).toBe(3);
    expect(passes[0]).toBeLessThan(100);
    expect(passes[1]).toBeGreaterThanOrEqual(390);
    expect(passes[2]! - passes[1]!).toBeLessThan(300);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(calls).toBe(stoppedAt);
  });
});

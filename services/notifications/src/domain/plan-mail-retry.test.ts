import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, isPermanentFailure, planMailRetry } from './plan-mail-retry.js';

describe('planMailRetry', () => {
  const policy = { baseDelayMs: 1000, maxDelayMs: 5000, maxAttempts: 5 };

  it('doubles the delay after each failed attempt, up to the cap, then gives up', () => {
    const transient = { code: 'EMESSAGE', responseCode: 451 };
    expect([1, 2, 3, 4].map((attempt) => planMailRetry(attempt, transient, policy))).toEqual([
      { kind: 'retry', delayMs: 1000 },
      { kind: 'retry', delayMs: 2000 },
      { kind: 'retry', delayMs: 4000 },
      { kind: 'retry', delayMs: 5000 },
    ]);
    expect(planMailRetry(5, transient, policy)).toEqual({ kind: 'give_up', why: 'attempts_exhausted' });
  });

  it('gives up at once when the server refuses the recipient or the message for good', () => {
    expect(planMailRetry(1, { code: 'EENVELOPE', responseCode: 550 }, policy)).toEqual({
      kind: 'give_up',
      why: 'permanent',
    });
    expect(planMailRetry(1, { code: 'EMESSAGE', responseCode: 554 }, policy)).toEqual({
      kind: 'give_up',
      why: 'permanent',
    });
  });

  it('keeps retrying connection and authentication failures, which are about the set-up, not the mail', () => {
    expect(planMailRetry(1, { code: 'EAUTH', responseCode: 535 }, policy).kind).toBe('retry');
    expect(planMailRetry(1, { code: 'ECONNECTION' }, policy).kind).toBe('retry');
    expect(planMailRetry(1, { code: 'EENVELOPE', responseCode: 421 }, policy).kind).toBe('retry');
  });

  it('gives up on a permanent refusal even on the last attempt, naming why', () => {
    expect(planMailRetry(5, { code: 'EENVELOPE', responseCode: 550 }, policy)).toEqual({
      kind: 'give_up',
      why: 'permanent',
    });
  });
});

describe('isPermanentFailure', () => {
  it.each([
    [{ code: 'EENVELOPE', responseCode: 550 }, true],
    [{ code: 'EMESSAGE', responseCode: 552 }, true],
    [{ code: 'EENVELOPE' }, true],
    [{ code: 'EMESSAGE' }, false],
    [{ code: 'EENVELOPE', responseCode: 452 }, false],
    [{ code: 'EAUTH', responseCode: 535 }, false],
    [{ code: 'ECONNECTION', responseCode: 554 }, false],
    [{ responseCode: 550 }, false],
    [{}, false],
  ])('%j is permanent: %s', (failure, isPermanent) => {
    expect(isPermanentFailure(failure)).toBe(isPermanent);
  });
});

describe('DEFAULT_RETRY_POLICY', () => {
  it('waits 30 s, then doubles up to an hour, over 12 attempts', () => {
    const transient = { code: 'ECONNECTION' };
    const delays = Array.from({ length: 11 }, (_, index) => planMailRetry(index + 1, transient));
    expect(delays.map((plan) => (plan.kind === 'retry' ? plan.delayMs / 60_000 : null))).toEqual([
      0.5, 1, 2, 4, 8, 16, 32, 60, 60, 60, 60,
    ]);
    expect(planMailRetry(12, transient)).toEqual({ kind: 'give_up', why: 'attempts_exhausted' });
    expect(DEFAULT_RETRY_POLICY.maxAttempts).toBe(12);
  });
});

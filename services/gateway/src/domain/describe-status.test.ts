import { ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { describeRedis, describeService, fillMessage, summarizeStatus } from './describe-status.js';

const queue = (service: 'records' | 'garages', failed: number) => ({
  service,
  waiting: 0,
  active: 0,
  delayed: 0,
  failed,
});

describe('describeService', () => {
  it('is ok for a ready service that reported its queue', () => {
    expect(describeService('records', { state: 'answered', postgres: true, redis: true }, 'reported')).toEqual({
      name: 'records',
      ok: true,
      detail: null,
    });
  });

  it.each([
    [{ state: 'not answering' } as const, 'reported' as const, 'The records service is not answering'],
    [{ state: 'not configured' } as const, 'reported' as const, 'The records service is not configured'],
    [
      { state: 'answered', postgres: false, redis: true } as const,
      'reported' as const,
      'The records service cannot reach its database',
    ],
    [
      { state: 'answered', postgres: false, redis: false } as const,
      'missing' as const,
      'The records service cannot reach its database. The records service cannot reach Redis',
    ],
    [
      { state: 'answered', postgres: true, redis: true } as const,
      'missing' as const,
      'The records service cannot report its event queue',
    ],
  ])('says in plain words what is wrong (%j, queue %s)', (readiness, queueState, detail) => {
    expect(describeService('records', readiness, queueState)).toEqual({ name: 'records', ok: false, detail });
  });
});

describe('summarizeStatus', () => {
  const ok = [
    describeService('records', { state: 'answered', postgres: true, redis: true }, 'not expected'),
    describeRedis(true),
  ];

  it('says all systems are operational when every check is ok and no event is dead', () => {
    expect(summarizeStatus(ok, [queue('records', 0)])).toEqual({
      ok: true,
      summary: ADMIN_ACTION_MESSAGES.allOperational,
    });
  });

  it('names what is down, then the dead events', () => {
    const checks = [describeService('records', { state: 'not answering' }, 'missing'), describeRedis(false)];
    expect(summarizeStatus(checks, [queue('garages', 2), queue('records', 1)])).toEqual({
      ok: false,
      summary: 'The records service is not answering. Redis is not answering. 3 events failed and wait for a retry',
    });
  });

  it('counts one dead event in the singular', () => {
    expect(summarizeStatus(ok, [queue('garages', 1)])).toEqual({
      ok: false,
      summary: '1 event failed and waits for a retry',
    });
  });
});

describe('fillMessage', () => {
  it('fills the placeholders it has values for and leaves the others', () => {
    expect(fillMessage('{count} of {service} ({other})', { count: 3, service: 'records' })).toBe(
      '3 of records ({other})',
    );
  });
});

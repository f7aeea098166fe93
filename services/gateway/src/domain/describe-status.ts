import { type TQueueStatus, type TStatusCheck, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';

/** What a service's /readyz told the gateway, if anything. */
export type Readiness =
  { state: 'not configured' } | { state: 'not answering' } | { state: 'answered'; postgres: boolean; redis: boolean };

/** A status message with its {placeholders} filled in. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * One service's line of the live status: ok when it answered ready and, for a service that consumes events, reported
 * its queue; otherwise what is wrong, in plain words.
 */
export function describeService(
  service: string,
  readiness: Readiness,
  queue: 'reported' | 'missing' | 'not expected',
): TStatusCheck {
  const say = (template: string) => fillMessage(template, { service });
  const problems: string[] = [];
  if (readiness.state === 'not configured') problems.push(say(ADMIN_ACTION_MESSAGES.statusServiceNotConfigured));
  else if (readiness.state === 'not answering') problems.push(say(ADMIN_ACTION_MESSAGES.statusServiceNotAnswering));
  else {
    if (!readiness.postgres) problems.push(say(ADMIN_ACTION_MESSAGES.statusServiceNoDatabase));
    if (!readiness.redis) problems.push(say(ADMIN_ACTION_MESSAGES.statusServiceNoRedis));
    // A service that cannot reach Redis cannot count its queue either: saying so twice adds nothing.
    if (readiness.redis && queue === 'missing') problems.push(say(ADMIN_ACTION_MESSAGES.statusServiceNoQueue));
  }
  return { name: service, ok: problems.length === 0, detail: problems.length === 0 ? null : problems.join('. ') };
}

/** Redis as the gateway sees it. */
export function describeRedis(isAnswering: boolean): TStatusCheck {
  return { name: 'redis', ok: isAnswering, detail: isAnswering ? null : ADMIN_ACTION_MESSAGES.statusRedisNotAnswering };
}

/**
 * The overview's one line: "All systems operational" when every check is ok and no event lies dead, else each
 * problem in plain words, the dead events' count last.
 */
export function summarizeStatus(checks: TStatusCheck[], queues: TQueueStatus[]): { ok: boolean; summary: string } {
  const problems = checks.flatMap((check) => (check.ok ? [] : [check.detail ?? check.name]));
  const failed = queues.reduce((sum, queue) => sum + queue.failed, 0);
  if (failed === 1) problems.push(ADMIN_ACTION_MESSAGES.statusEventFailed);
  if (failed > 1)
    problems.push(fillMessage(ADMIN_ACTION_MESSAGES.statusEventsFailed, { count: failed.toLocaleString('en-GB') }));
  return problems.length === 0
    ? { ok: true, summary: ADMIN_ACTION_MESSAGES.allOperational }
    : { ok: false, summary: problems.join('. ') };
}

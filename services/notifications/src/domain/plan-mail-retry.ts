/** How the delivery loop retries: exponential backoff from a base delay, capped, for a bounded number of attempts. */
export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

/**
 * About five hours of retries: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly, 12 attempts in all. Long enough
 * to ride out a mail provider's outage, short enough that nobody gets a stale mail the next day.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 60 * 60_000, maxAttempts: 12 };

/** What an SMTP failure tells us, as far as retrying goes. */
export interface DeliveryFailure {
  /** The SMTP reply code, when the server gave one. */
  responseCode?: number;
  /** nodemailer's error code: EENVELOPE (recipients refused), EMESSAGE (data refused), ECONNECTION, EAUTH... */
  code?: string;
}

/**
 * Whether retrying cannot help: the server refused the recipients or the message itself with a 5xx
 * reply, or there was no usable recipient at all. Connection, greeting and authentication failures are
 * never final, even with a 5xx: they are about our set-up or the server's state, not this mail.
 */
export function isPermanentFailure(failure: DeliveryFailure): boolean {
  const isAboutThisMail = failure.code === 'EENVELOPE' || failure.code === 'EMESSAGE';
  if (!isAboutThisMail) return false;
  if (failure.responseCode === undefined) return failure.code === 'EENVELOPE';
  return failure.responseCode >= 500 && failure.responseCode < 600;
}

/** After a failed attempt (attempts counts it): retry after a delay, or give up. */
export function planMailRetry(
  attempts: number,
  failure: DeliveryFailure,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): { kind: 'retry'; delayMs: number } | { kind: 'give_up'; why: 'permanent' | 'attempts_exhausted' } {
  if (isPermanentFailure(failure)) return { kind: 'give_up', why: 'permanent' };
  if (attempts >= policy.maxAttempts) return { kind: 'give_up', why: 'attempts_exhausted' };
  const delayMs = Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
  return { kind: 'retry', delayMs };
}

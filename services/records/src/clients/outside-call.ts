import type { z } from 'zod';
import type { RateLimiter } from '@sh/shared/server';

/**
 * What the DVLA and DVSA clients share: their errors, an abortable wait, and how long a 429 asks us to wait.
 * No message here ever carries a key, a secret or a token.
 */

/** The outside service could not be asked or did not answer sensibly (network, 5xx, refused credentials, bad body). */
export class SourceUnavailableError extends Error {
  override name = 'SourceUnavailableError';
}

/** Our share of the outside service's allowance is spent for longer than the caller can wait. */
export class SourceRateLimitedError extends Error {
  override name = 'SourceRateLimitedError';
  constructor(readonly retryAfterMs: number) {
    super(`allowance used up; next call in ${retryAfterMs} ms`);
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds, or null when there is none to read. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface BackoffPolicy {
  /** The first wait after a 429 without Retry-After; each further one doubles. */
  baseMs: number;
  /** 429s retried before giving up. */
  retries: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 100, retries: 3 };

/** The promise, or a rejection with the signal's reason as soon as it aborts (the promise itself goes on). */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** The longest wait for a slot of an allowance worth waiting for; a longer one (the day's spent) fails at once. */
const LONGEST_SLOT_WAIT_MS = 5000;

/**
 * Takes one call from a shared allowance (absent: no limit of ours), waiting for a slot when the wait is short.
 * SourceRateLimitedError when the allowance is spent for longer, so the report lists the source as missing, as it
 * does when the source is down; SourceUnavailableError when the limiter cannot be asked.
 */
export async function takeAllowance(
  source: string,
  limiter: RateLimiter | undefined,
  signal?: AbortSignal,
): Promise<void> {
  if (!limiter) return;
  for (;;) {
    let slot: Awaited<ReturnType<RateLimiter['acquire']>>;
    try {
      slot = await limiter.acquire();
    } catch (error) {
      throw new SourceUnavailableError(`the ${source} rate limiter is unavailable`, { cause: error });
    }
    if (slot.isAllowed) return;
    if (slot.retryAfterMs > LONGEST_SLOT_WAIT_MS) throw new SourceRateLimitedError(slot.retryAfterMs);
    await sleep(slot.retryAfterMs, signal);
  }
}

/** One call's outcome: the response, or SourceUnavailableError when the service could not be reached. */
export async function askSource(
  source: string,
  url: string,
  init: RequestInit & { signal?: AbortSignal },
): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw init.signal.reason as Error;
    throw new SourceUnavailableError(`${source} did not answer`, { cause: error });
  }
}

/**
 * Reads a DVLA or DVSA answer: the vehicle as `schema` reads it, null for a 404, or 'retry' after waiting out a 429
 * (its Retry-After, or the policy's doubling wait), until the policy's retries are spent. Anything else is
 * SourceUnavailableError.
 */
export async function readSourceAnswer<T>(
  source: string,
  response: Response,
  schema: z.ZodType<T>,
  retry: { attempt: number; backoff: BackoffPolicy; signal?: AbortSignal },
): Promise<T | null | 'retry'> {
  if (response.status === 429) {
    await response.body?.cancel();
    const waitMs = retryAfterMs(response.headers.get('retry-after')) ?? retry.backoff.baseMs * 2 ** retry.attempt;
    if (retry.attempt >= retry.backoff.retries) throw new SourceRateLimitedError(waitMs);
    await sleep(waitMs, retry.signal);
    return 'retry';
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceUnavailableError(`${source} answered ${response.status}`);
  }
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new SourceUnavailableError(`${source} answered an unexpected vehicle`);
  return parsed.data;
}

/** Raised by withTimeout when the work it waited for took too long. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Settles like `work`, or rejects with a TimeoutError after `ms`: for calls to Redis (or any outside service)
 * on a path that must not wait for it to come back. The work itself is not cancelled; its late result is dropped.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  work.catch(() => undefined); // a late failure, after the deadline, is not an unhandled rejection
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

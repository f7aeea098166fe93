/** Raised by withTimeout when the work it waited for took too long. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Settles like `work`, or rejects with a TimeoutError after `ms`: for calls to Redis (or any outside service)
 * on a path that must not wait for it to come back. The work itself is not cancelled; its late result is dropped.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  // One promise and one timer: this runs on request paths, several times a request.
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeoutError(`${what} did not answer within ${ms} ms`)), ms);
    timer.unref();
    // A late failure, after the deadline, is handled here too: it is dropped, not an unhandled rejection.
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

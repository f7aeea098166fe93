import { startTransition, useEffect, useRef, useState } from 'react';

/** What a page shows while data loads, once it has loaded, and when it could not be loaded. */
export type TApiData<T> =
  | { status: 'idle' | 'loading'; data: null; error: null; retry: () => void }
  | { status: 'loaded'; data: T; error: null; retry: () => void }
  | { status: 'failed'; data: null; error: unknown; retry: () => void };

type TAnswer<T> = { requestKey: string } & ({ status: 'loaded'; data: T } | { status: 'failed'; error: unknown });

/**
 * The one way to load data for a page: calls `load` with an AbortSignal when the component mounts and again
 * whenever `key` (the values the request depends on) changes or `retry` is called. A request that is no longer
 * wanted (the key changed, the page left) is aborted and its answer dropped. While `isEnabled` is false
 * nothing is loaded and the status is 'idle'. With `isTransition`, what an answer brings is rendered as a
 * transition, in slices that leave the main thread free between them: for answers that fill a long page (a vehicle's
 * whole history), whose render in one piece held a phone's main thread (issue 26.4). With `initialData` (the answer
 * the page was rendered with: page-answers.tsx), the first key starts loaded with it and is not asked again; a retry
 * or another key asks.
 */
export function useApiData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: readonly unknown[],
  {
    isEnabled = true,
    isTransition = false,
    initialData,
  }: { isEnabled?: boolean; isTransition?: boolean; initialData?: T } = {},
): TApiData<T> {
  const [attempt, setAttempt] = useState(0);
  const requestKey = JSON.stringify([...key, attempt]);
  const initialKey = useRef(initialData === undefined ? null : requestKey);
  const [answer, setAnswer] = useState<TAnswer<T> | null>(() =>
    initialData === undefined ? null : { requestKey, status: 'loaded', data: initialData },
  );

  useEffect(() => {
    if (!isEnabled || requestKey === initialKey.current) return;
    // The page's answer served its first key only: coming back to that key later asks again.
    initialKey.current = null;
    const controller = new AbortController();
    const settle = (settled: TAnswer<T>) => {
      if (controller.signal.aborted) return;
      if (isTransition) startTransition(() => setAnswer(settled));
      else setAnswer(settled);
    };
    load(controller.signal).then(
      (data) => settle({ requestKey, status: 'loaded', data }),
      (error: unknown) => settle({ requestKey, status: 'failed', error }),
    );
    return () => controller.abort();
    // `load` is this render's: the request depends on what `key` names, so only the key starts another.
  }, [requestKey, isEnabled]);

  const retry = () => setAttempt((count) => count + 1);
  if (!isEnabled) return { status: 'idle', data: null, error: null, retry };
  if (answer?.requestKey !== requestKey) return { status: 'loading', data: null, error: null, retry };
  if (answer.status === 'loaded') return { status: 'loaded', data: answer.data, error: null, retry };
  return { status: 'failed', data: null, error: answer.error, retry };
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it is aborted. */
export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

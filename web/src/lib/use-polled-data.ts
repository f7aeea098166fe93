import { useEffect, useState } from 'react';
import { useApiData } from './use-api-data';

/** Live data: the latest answer (kept on screen while the next is asked for), the last failure, and a refresh. */
export type TPolledData<T> = {
  /** The latest answer, or null before the first. */
  data: T | null;
  /** Why the latest attempt failed; null once one succeeds again. */
  error: unknown;
  isRefreshing: boolean;
  refresh: () => void;
};

/**
 * Data kept live (the platform's status): loaded through useApiData on mount, then again `intervalMs` after each
 * answer or failure (never two requests at once), and at once on refresh(). The last answer stays shown while
 * the next loads and when it fails, so the page does not flicker every few seconds; `error` says it is stale.
 */
export function usePolledData<T>(load: (signal: AbortSignal) => Promise<T>, intervalMs: number): TPolledData<T> {
  const [round, setRound] = useState(0);
  const current = useApiData(load, [round]);
  const [last, setLast] = useState<T | null>(null);
  if (current.status === 'loaded' && current.data !== last) setLast(current.data);

  const isRefreshing = current.status === 'loading';
  useEffect(() => {
    if (isRefreshing) return;
    const timer = setTimeout(() => setRound((count) => count + 1), intervalMs);
    return () => clearTimeout(timer);
  }, [isRefreshing, round, intervalMs]);

  return {
    data: current.status === 'loaded' ? current.data : last,
    error: current.status === 'failed' ? current.error : null,
    isRefreshing,
    refresh: () => setRound((count) => count + 1),
  };
}

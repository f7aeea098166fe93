import { useEffect, useRef, useState } from 'react';
import { MESSAGES, type TGarageServiceRecord } from '@sh/shared/contract';
import { fetchMyServiceRecords } from '../api/service-records';

export type TMyServiceRecords = {
  status: 'loading' | 'loaded' | 'failed';
  /** Every page loaded so far, in the server's order (newest first), each record once. */
  records: readonly TGarageServiceRecord[];
  hasMore: boolean;
  isLoadingMore: boolean;
  /** Why the last "load more" failed; the records already shown stay. */
  moreError: string | null;
  loadMore: () => void;
  retry: () => void;
};

type TList = { query: string; status: 'loaded' | 'failed'; records: readonly TGarageServiceRecord[]; nextCursor: string | null };
type TMore = { query: string; status: 'loading' | 'failed' };

/**
 * The signed-in garage's records (GET service-records/mine), optionally for one registration, one page at a
 * time. Pages are appended with the cursor of the page before, one request at a time, and a record already
 * shown is never added twice; a new filter or a retry starts again from the first page, and answers for an
 * earlier filter are dropped.
 */
export function useMyServiceRecords(registration: string): TMyServiceRecords {
  const [attempt, setAttempt] = useState(0);
  const query = `${registration}|${attempt}`;
  const [list, setList] = useState<TList | null>(null);
  const [more, setMore] = useState<TMore | null>(null);
  const moreRequest = useRef<AbortController | null>(null);

  useEffect(() => {
    const current = `${registration}|${attempt}`;
    const controller = new AbortController();
    fetchMyServiceRecords({ registration: registration || undefined }, { signal: controller.signal }).then(
      (page) => setList({ query: current, status: 'loaded', records: appendUnique([], page.serviceRecords), nextCursor: page.nextCursor }),
      () => {
        if (!controller.signal.aborted) setList({ query: current, status: 'failed', records: [], nextCursor: null });
      },
    );
    return () => {
      controller.abort();
      moreRequest.current?.abort();
      moreRequest.current = null;
    };
  }, [registration, attempt]);

  const shown = list?.query === query ? list : null;
  const moreState = more?.query === query ? more : null;

  function loadMore() {
    const cursor = shown?.nextCursor;
    if (!cursor || moreRequest.current) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    setMore({ query, status: 'loading' });
    fetchMyServiceRecords({ cursor, registration: registration || undefined }, { signal: controller.signal })
      .then(
        (page) => {
          setList((previous) =>
            previous?.query === query
              ? { ...previous, records: appendUnique(previous.records, page.serviceRecords), nextCursor: page.nextCursor }
              : previous,
          );
          setMore(null);
        },
        () => {
          if (!controller.signal.aborted) setMore({ query, status: 'failed' });
        },
      )
      .finally(() => {
        if (moreRequest.current === controller) moreRequest.current = null;
      });
  }

  return {
    status: shown?.status ?? 'loading',
    records: shown?.records ?? [],
    hasMore: Boolean(shown?.nextCursor),
    isLoadingMore: moreState?.status === 'loading',
    moreError: moreState?.status === 'failed' ? MESSAGES.dashboard.loadFailed : null,
    loadMore,
    retry: () => setAttempt((n) => n + 1),
  };
}

/** The records of `existing` followed by those of `page` not already among them. */
function appendUnique(existing: readonly TGarageServiceRecord[], page: readonly TGarageServiceRecord[]): TGarageServiceRecord[] {
  const seen = new Set(existing.map((record) => record.id));
  const added = page.filter((record) => {
    if (seen.has(record.id)) return false;
    seen.add(record.id);
    return true;
  });
  return [...existing, ...added];
}

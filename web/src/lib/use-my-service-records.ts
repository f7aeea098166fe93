import { useEffect, useRef, useState } from 'react';
import { MESSAGES, type TGarageServiceRecord } from '@sh/shared/contract';
import type { TMyServiceRecordsPage } from '@sh/shared/contract';
import { fetchMyServiceRecords } from '../api/service-records';
import { useApiData } from './use-api-data';

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

/** The pages after the first: which first page they follow, every record so far and the next cursor. */
type TMore = {
  first: TMyServiceRecordsPage;
  records: readonly TGarageServiceRecord[];
  nextCursor: string | null;
  status: 'idle' | 'loading' | 'failed';
};

/**
 * The signed-in garage's records (GET service-records/mine), optionally for one registration, one page at a
 * time. The first page loads with useApiData; further pages are appended with the cursor of the page before,
 * one request at a time, and a record already shown is never added twice. A new filter or a retry starts
 * again from the first page, and answers for an earlier one are dropped.
 */
export function useMyServiceRecords(registration: string): TMyServiceRecords {
  const firstPage = useApiData(
    (signal) => fetchMyServiceRecords({ registration: registration || undefined }, { signal }),
    [registration],
  );
  const first = firstPage.status === 'loaded' ? firstPage.data : null;
  const [more, setMore] = useState<TMore | null>(null);
  const moreRequest = useRef<AbortController | null>(null);

  // A request for more belongs to the first page it follows.
  useEffect(
    () => () => {
      moreRequest.current?.abort();
      moreRequest.current = null;
    },
    [first],
  );

  const shown = more?.first === first ? more : null;
  const records = shown?.records ?? (first ? appendUnique([], first.serviceRecords) : []);
  const nextCursor = shown ? shown.nextCursor : (first?.nextCursor ?? null);

  function loadMore() {
    if (!first || !nextCursor || moreRequest.current) return;
    const controller = new AbortController();
    moreRequest.current = controller;
    setMore({ first, records, nextCursor, status: 'loading' });
    fetchMyServiceRecords(
      { cursor: nextCursor, registration: registration || undefined },
      { signal: controller.signal },
    )
      .then(
        (page) =>
          setMore((current) =>
            current?.first === first
              ? {
                  first,
                  records: appendUnique(current.records, page.serviceRecords),
                  nextCursor: page.nextCursor,
                  status: 'idle',
                }
              : current,
          ),
        () => {
          if (!controller.signal.aborted)
            setMore((current) => (current?.first === first ? { ...current, status: 'failed' } : current));
        },
      )
      .finally(() => {
        if (moreRequest.current === controller) moreRequest.current = null;
      });
  }

  return {
    status: firstPage.status === 'loaded' || firstPage.status === 'failed' ? firstPage.status : 'loading',
    records,
    hasMore: Boolean(nextCursor),
    isLoadingMore: shown?.status === 'loading',
    moreError: shown?.status === 'failed' ? MESSAGES.dashboard.loadFailed : null,
    loadMore,
    retry: firstPage.retry,
  };
}

/** The records of `existing` followed by those of `page` not already among them. */
function appendUnique(
  existing: readonly TGarageServiceRecord[],
  page: readonly TGarageServiceRecord[],
): TGarageServiceRecord[] {
  const seen = new Set(existing.map((record) => record.id));
  const added = page.filter((record) => {
    if (seen.has(record.id)) return false;
    seen.add(record.id);
    return true;
  });
  return [...existing, ...added];
}

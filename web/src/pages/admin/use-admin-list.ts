import { useState } from 'react';
import type { TAdminData } from '@sh/shared/contract';
import { fetchAdminData } from '../../api/admin';
import { useApiData, type TApiData } from '../../lib/use-api-data';

/** Which list of admin/data a view pages through. */
export type TAdminListKind = 'garages' | 'serviceRecords';

/** One list of admin/data a page at a time: the page shown, and Next and Previous over the server's cursors. */
export type TAdminList = {
  page: TApiData<TAdminData>;
  /** 1 for the first page. */
  pageNumber: number;
  hasPrevious: boolean;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
};

/**
 * Pages through one list of GET admin/data (only that list is asked for) for a search. The lists are keyset-paged,
 * so a page is reached only through the cursor the page before it answered: the cursors of the pages passed are
 * kept as a stack, and Previous pops it. A new search starts again at the first page. Nothing loads while
 * `isEnabled` is false (a required search not made yet).
 */
export function useAdminList(
  kind: TAdminListKind,
  search: string,
  { limit, isEnabled = true }: { limit?: number; isEnabled?: boolean } = {},
): TAdminList {
  const [cursors, setCursors] = useState<{ search: string; stack: readonly string[] }>({ search, stack: [] });
  const stack = cursors.search === search ? cursors.stack : [];
  if (cursors.search !== search) setCursors({ search, stack: [] });
  const cursor = stack.at(-1) ?? null;

  const page = useApiData(
    (signal) =>
      fetchAdminData(
        kind === 'garages'
          ? { only: 'garages', garagesSearch: search, garagesCursor: cursor, limit }
          : { only: 'serviceRecords', recordsSearch: search, recordsCursor: cursor, limit },
        { signal },
      ),
    [kind, search, cursor, limit],
    { isEnabled },
  );
  const nextCursor = page.status === 'loaded' ? page.data.nextCursors[kind] : null;

  return {
    page,
    pageNumber: stack.length + 1,
    hasPrevious: stack.length > 0,
    hasNext: nextCursor !== null,
    next: () => {
      if (nextCursor !== null) setCursors({ search, stack: [...stack, nextCursor] });
    },
    previous: () => setCursors({ search, stack: stack.slice(0, -1) }),
  };
}

import type { TAdminList } from './use-admin-list';

/**
 * Previous and Next under an admin table, with the page number. A button that cannot be used is marked
 * aria-disabled rather than disabled, so that the focus stays on it while the next page loads.
 */
export function Pager({ list, label }: { list: TAdminList; label: string }) {
  const isLoading = list.page.status === 'loading';
  const canGoBack = list.hasPrevious && !isLoading;
  const canGoOn = list.hasNext && !isLoading;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-disabled={!canGoBack}
        onClick={() => {
          if (canGoBack) list.previous();
        }}
      >
        Previous
      </button>
      <span className="admin-pager__page" aria-live="polite">{`Page ${list.pageNumber}`}</span>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-disabled={!canGoOn}
        onClick={() => {
          if (canGoOn) list.next();
        }}
      >
        Next
      </button>
    </nav>
  );
}

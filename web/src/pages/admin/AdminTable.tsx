import type { ReactNode } from 'react';

/**
 * Every table of the admin pages: a focusable frame that scrolls sideways on a narrow screen (so the page never
 * does), named for screen readers, with a caption and its column headers. The rows are the caller's.
 */
export function AdminTable({
  label,
  caption,
  isCaptionShown = false,
  columns,
  className,
  children,
}: {
  /** The frame's name, as a landmark. */
  label: string;
  caption: string;
  isCaptionShown?: boolean;
  columns: readonly string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap admin-table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className={className ? `data-table admin-table ${className}` : 'data-table admin-table'}>
        <caption className={isCaptionShown ? 'admin-table__caption' : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

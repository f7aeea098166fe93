/**
 * The order the record lists page in, newest service first (then newest entry, then id), and where a page starts:
 * the garage's own list and the admin's list page the same way, keyset on (service_date, created_at, id) descending,
 * so that each page is one index range scan however deep.
 */

/** Where a page starts: just after this record in (service_date, created_at, id) descending order. */
export interface RecordPageKey {
  serviceDate: string;
  createdAt: Date;
  id: string;
}

/** The records (as `r`) after the key in parameters $first to $first+2; all three null for the first page. */
export function recordsAfterKey(first: number): string {
  const [date, createdAt, id] = [`$${first}::date`, `$${first + 1}::timestamptz`, `$${first + 2}::uuid`];
  return `(${date} IS NULL OR (r.service_date, r.created_at, r.id) < (${date}, ${createdAt}, ${id}))`;
}

/** The lists' order: newest service first, then newest entry, then id. */
export const RECORD_PAGE_ORDER = 'ORDER BY r.service_date DESC, r.created_at DESC, r.id DESC';

/** The parameters recordsAfterKey reads, in its order. */
export function recordPageKeyParams(after: RecordPageKey | null): [string | null, Date | null, string | null] {
  return [after?.serviceDate ?? null, after?.createdAt ?? null, after?.id ?? null];
}

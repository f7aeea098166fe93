import type { Queryable } from '@sh/shared/server';
import { ADMIN_GARAGE_SELECT, type AdminGarageRow } from './admin-garage-row.js';
import { containsPattern } from './like-pattern.js';

/** Where a page of the admin's garages list starts: after this garage (newest joined first). */
export interface AdminGaragePageKey {
  /** created_at in whole microseconds since the epoch, as text (AdminGarageRow.created_us). */
  createdUs: string;
  id: string;
}

/**
 * Up to `limit` garages, newest joined first, after `after`; with `search`, only those whose name, e-mail or company
 * number (held or released) contains it, ignoring case. Keyset-paged on (created_at, id), which the garages_newest
 * index serves in order.
 */
export async function findAdminGarages(
  db: Queryable,
  page: { search: string | null; after: AdminGaragePageKey | null; limit: number },
): Promise<AdminGarageRow[]> {
  const { rows } = await db.query<AdminGarageRow>(
    `${ADMIN_GARAGE_SELECT}
      WHERE ($1::text IS NULL
             OR g.name ILIKE $1 ESCAPE '\\' OR g.email ILIKE $1 ESCAPE '\\'
             OR g.companies_house_number ILIKE $1 ESCAPE '\\' OR g.released_company_number ILIKE $1 ESCAPE '\\')
        AND ($2::bigint IS NULL
             OR (g.created_at, g.id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid))
      ORDER BY g.created_at DESC, g.id DESC
      LIMIT $4`,
    [
      page.search ? containsPattern(page.search) : null,
      page.after?.createdUs ?? null,
      page.after?.id ?? null,
      page.limit,
    ],
  );
  return rows;
}

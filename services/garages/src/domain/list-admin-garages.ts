import type { TInternalGaragesResponse } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { countGarages } from '../store/count-garages.js';
import { findAdminGarages } from '../store/find-admin-garages.js';
import { decodeAdminGarageCursor, encodeAdminGarageCursor } from './admin-garage-cursor.js';
import { presentAdminGarage } from './present-admin-garage.js';

/**
 * GET /internal/admin/garages: one page of garages for the admin (newest joined first, optionally searched), the
 * cursor of the next page (null at the end) and the overview's totals, which count every garage whatever the search.
 */
export async function listAdminGarages(
  db: Queryable,
  query: { q?: string; cursor?: string; limit: number },
): Promise<TInternalGaragesResponse['data']> {
  const after = query.cursor ? decodeAdminGarageCursor(query.cursor) : null;
  const [rows, totals] = await Promise.all([
    findAdminGarages(db, { search: query.q ? query.q : null, after, limit: query.limit + 1 }),
    countGarages(db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    garages: page.map(presentAdminGarage),
    nextCursor:
      rows.length > query.limit && last ? encodeAdminGarageCursor({ createdUs: last.created_us, id: last.id }) : null,
    totals,
  };
}

import { ENTITLED_SUBSCRIPTION_STATUSES, GARAGE_DIRECTORY_LIMIT } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';
import { startsWithPattern } from './like-pattern.js';

/**
 * The listed garages in a town (its name from the start, any case: the index garages_town_search) or in a postcode
 * district (exactly: garages_postcode_district), by name. Listed is subscribed (ENTITLED_SUBSCRIPTION_STATUSES) and
 * not suspended, as isListed says (docs/product.md#garage-profiles). The search text is a bound parameter, its LIKE
 * wildcards escaped: no pattern of the user's is ever run.
 */
export async function findListedGarages(db: Queryable, search: string): Promise<GarageRow[]> {
  const { rows } = await db.query<GarageRow>(
    `SELECT ${GARAGE_COLUMNS} FROM garages
      WHERE (lower(town) LIKE $1 ESCAPE '\\' OR postcode_district = $2)
        AND subscription_status = ANY($3::text[]) AND suspended_at IS NULL
      ORDER BY name, id
      LIMIT ${GARAGE_DIRECTORY_LIMIT}`,
    [startsWithPattern(search.toLowerCase()), search.toUpperCase().replace(/\s+/g, ''), ENTITLED_SUBSCRIPTION_STATUSES],
  );
  return rows;
}

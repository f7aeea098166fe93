import type { Queryable } from '@sh/shared/server';
import { GARAGE_COLUMNS, type GarageRow } from './garage-row.js';

/**
 * Frees the company number a garage holds (it moves to released_company_number, with who released it and when).
 * Answers the garage and the number, or null when the garage holds no company number (already released).
 */
export async function releaseCompanyNumber(
  db: Queryable,
  release: { garageId: string; releasedBy: string },
): Promise<{ garage: GarageRow; companyNumber: string } | null> {
  const { rows } = await db.query<GarageRow & { released_company_number: string }>(
    `UPDATE garages
        SET released_company_number = companies_house_number, companies_house_number = NULL,
            company_released_at = now(), company_released_by = $2, updated_at = now()
      WHERE id = $1 AND companies_house_number IS NOT NULL
      RETURNING ${GARAGE_COLUMNS}, released_company_number`,
    [release.garageId, release.releasedBy],
  );
  const row = rows[0];
  if (!row) return null;
  const { released_company_number: companyNumber, ...garage } = row;
  return { garage, companyNumber };
}

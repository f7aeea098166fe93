import type { Queryable } from '@sh/shared/server';
import { publicRecordsSql, type PublicRecordRow } from './find-records-by-registration.js';

/**
 * The public history of one VIN, whatever registration each record was logged under (a plate transfer does not split
 * it): the lookup by registration's rows, order and mileage flag, over the VIN's records (index service_records_vin).
 */
export async function findRecordsByVin(db: Queryable, vin: string): Promise<PublicRecordRow[]> {
  const { rows } = await db.query<PublicRecordRow>({
    name: 'find-records-by-vin',
    text: publicRecordsSql('vin', '$1'),
    values: [vin],
  });
  return rows;
}

import type { TPublicServiceRecord } from '@sh/shared/contract';
import type { Queryable } from '@sh/shared/server';
import { findRecordsByVin } from '../store/find-records-by-vin.js';
import { presentPublicRecord } from './present-public-record.js';

/**
 * The public service history of a (normalised, checked) VIN, newest service first, whatever registration each record
 * was logged under: a plate transfer does not split it (docs/product.md#the-buyers-answer).
 */
export async function lookupVinHistory(db: Queryable, vin: string): Promise<TPublicServiceRecord[]> {
  const rows = await findRecordsByVin(db, vin);
  return rows.map(presentPublicRecord);
}

import { ZRecordImportPreviewResponseSchema, ZRecordImportResponseSchema } from '@sh/shared/contract';
import { api, type TApiClient } from './client';

/**
 * A garage's import of its own history (docs/product.md#importing-a-garages-history), on records. Loaded only by the
 * lazy import panel.
 */

/** POST service-records/import/preview {csv}: how many rows the file holds and every row's problems; stores nothing. */
export async function previewRecordImport(csv: string, client: TApiClient = api) {
  return (await client.post('service-records/import/preview', { csv }, ZRecordImportPreviewResponseSchema)).data;
}

/** POST service-records/import {csv}: stores every row as an imported record, or none (a 400 listing the problems). */
export async function importRecords(csv: string, client: TApiClient = api) {
  return (await client.post('service-records/import', { csv }, ZRecordImportResponseSchema)).data;
}

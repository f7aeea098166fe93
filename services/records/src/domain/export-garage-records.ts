import { BRAND, type TRecordExportFormat } from '@sh/shared/contract';
import { refuseIfGarageSuspended, type Pool } from '@sh/shared/server';
import { findGarageContact } from '../store/find-garage-contact.js';
import { readGarageExportRows } from '../store/read-garage-export-rows.js';
import { formatRecordExport } from './format-record-export.js';
import { UNKNOWN_GARAGE } from './present-public-record.js';
import { serviceDateFor } from './service-date.js';

/** A garage's export, ready to send: its file name, media type and text, produced as it is read. */
export interface GarageRecordExport {
  filename: string;
  contentType: string;
  text: AsyncGenerator<string>;
}

/** What bounds the exports of an instance (config.ts: RECORD_EXPORTS_PER_GARAGE, RECORD_EXPORT_*_MS). */
export interface ExportLimits {
  /** Exports one garage may stream at once; one more is a 429 (RECORD_EXPORT_MESSAGES.garageBusy). */
  perGarage: number;
  /** How long an export may take to be written, however slowly its reader reads: then it is cut off. */
  deadlineMs: number;
  /** How long each of its database statements (a batch of the cursor) may run. */
  statementTimeoutMs: number;
}

/** The limits main.ts's defaults give (config.ts), for an app built without them. */
export const DEFAULT_EXPORT_LIMITS: ExportLimits = { perGarage: 1, deadlineMs: 300_000, statementTimeoutMs: 30_000 };

const CONTENT_TYPES: Record<TRecordExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  json: 'application/json; charset=utf-8',
};

/**
 * A garage downloads its own records (docs/product.md#exporting-the-records): every record it logged, withdrawn ones
 * included and marked, each with its receipt, as CSV or JSON. Nothing is read until the text is: the records are then
 * read through a cursor, a batch at a time, as fast as the reader takes them. A suspended garage is refused, as its
 * list is. The file is named after the brand, the garage and today's date in London.
 */
export async function exportGarageRecords(
  pool: Pool,
  garageId: string,
  format: TRecordExportFormat,
  options: { statementTimeoutMs: number; now?: Date },
): Promise<GarageRecordExport> {
  const now = options.now ?? new Date();
  await refuseIfGarageSuspended(pool, garageId);
  const name = (await findGarageContact(pool, garageId))?.name ?? UNKNOWN_GARAGE.name;
  return {
    filename: `${BRAND.name.toLowerCase()}-records-${fileNamePart(name)}-${serviceDateFor(now)}.${format}`,
    contentType: CONTENT_TYPES[format],
    text: formatRecordExport(readGarageExportRows(pool, garageId, options.statementTimeoutMs), format, {
      garage: { id: garageId, name },
      exported_at: now.toISOString(),
    }),
  };
}

/** A garage's name as part of a file name: ASCII letters and digits, lower case, joined by hyphens. */
export function fileNamePart(name: string): string {
  const part = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return part === '' ? 'garage' : part;
}

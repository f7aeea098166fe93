import { parse } from 'csv-parse/sync';
import {
  RECORD_IMPORT_COLUMNS,
  RECORD_IMPORT_MAX_ROWS,
  RECORD_IMPORT_MESSAGES,
  type TRecordImportColumn,
} from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';

/** A data row of the file: its row number (the header is row 1) and its cells by column. */
export interface ImportFileRow {
  row: number;
  cells: Record<TRecordImportColumn, string>;
}

const badFile = (message: string) => new AppError('validation_failed', message, { errors: [{ path: 'csv', message }] });

/**
 * Reads the file (RFC 4180, a byte order mark and blank lines aside) into its data rows, or refuses the whole file with
 * a 400: unreadable CSV, a header row that does not name exactly the import's columns, no data rows, or more than
 * RECORD_IMPORT_MAX_ROWS of them (docs/product.md#importing-a-garages-history).
 */
export function parseImportFile(csv: string): ImportFileRow[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // One row past the limit is enough to know the file is too long; the rest is not read.
      to: RECORD_IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch {
    throw badFile(RECORD_IMPORT_MESSAGES.unreadable);
  }
  const [header, ...rows] = records;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const isHeaderValid =
    names.length === RECORD_IMPORT_COLUMNS.length &&
    RECORD_IMPORT_COLUMNS.every((column) => names.includes(column)) &&
    new Set(names).size === names.length;
  if (!isHeaderValid) throw badFile(RECORD_IMPORT_MESSAGES.headerInvalid);
  if (rows.length === 0) throw badFile(RECORD_IMPORT_MESSAGES.noRows);
  if (rows.length > RECORD_IMPORT_MAX_ROWS) throw badFile(RECORD_IMPORT_MESSAGES.tooManyRows);
  return rows.map((cells, index) => ({
    row: index + 2,
    cells: Object.fromEntries(names.map((name, at) => [name, cells[at] ?? ''])) as Record<TRecordImportColumn, string>,
  }));
}

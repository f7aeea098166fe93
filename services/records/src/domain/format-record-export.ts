import type { TRecordExport, TRecordExportFormat } from '@sh/shared/contract';
import type { ExportRecordRow } from '../store/read-garage-export-rows.js';
import { csvFieldsOf, csvLine, CSV_HEADER } from './record-export-csv.js';
import { presentExportedRecord } from './present-exported-record.js';

/** Text handed on at a time: lines are gathered into pieces of about this many characters, not written one by one. */
const PIECE_CHARS = 64 * 1024;
/** Starts the CSV so that spreadsheets (Excel among them) read it as UTF-8. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * A garage's export as text, produced as it is read: each row is formatted when the reader asks for more, so no more
 * than a piece of text and the rows it came from are held at once, however many records there are.
 *
 * - csv: a byte order mark, the header row, then one line per record (record-export-csv.ts).
 * - json: one document, `{"garage": …, "exported_at": …, "records": [ … ]}` (ZRecordExportSchema), the records last and
 *   one to a line, so that it streams and a reader can follow it.
 *
 * No records: the header row alone, or the document with `"records": []`.
 */
export function formatRecordExport(
  rows: AsyncIterable<ExportRecordRow>,
  format: TRecordExportFormat,
  head: Omit<TRecordExport, 'records'>,
): AsyncGenerator<string> {
  return inPieces(format === 'csv' ? csvParts(rows) : jsonParts(rows, head));
}

async function* csvParts(rows: AsyncIterable<ExportRecordRow>): AsyncGenerator<string> {
  yield BYTE_ORDER_MARK + CSV_HEADER;
  for await (const row of rows) yield csvLine(csvFieldsOf(presentExportedRecord(row)));
}

async function* jsonParts(
  rows: AsyncIterable<ExportRecordRow>,
  head: Omit<TRecordExport, 'records'>,
): AsyncGenerator<string> {
  const opening = JSON.stringify({ garage: head.garage, exported_at: head.exported_at, records: [] });
  // The document up to its records' opening bracket: `{"garage":…,"exported_at":"…","records":[`.
  yield `${opening.slice(0, -2)}\n`;
  let separator = '';
  for await (const row of rows) {
    yield `${separator}${JSON.stringify(presentExportedRecord(row))}`;
    separator = ',\n';
  }
  yield '\n]}\n';
}

/** Joins small parts into pieces of about PIECE_CHARS characters. */
async function* inPieces(parts: AsyncIterable<string>): AsyncGenerator<string> {
  let piece = '';
  for await (const part of parts) {
    piece += part;
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece !== '') yield piece;
}

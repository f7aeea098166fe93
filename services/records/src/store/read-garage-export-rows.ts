import QueryStream from 'pg-query-stream';
import type { Pool } from '@sh/shared/server';
import {
  PUBLIC_AMENDMENTS_SELECT,
  type PublicAmendment,
  type ReceiptColumns,
  type ServiceRecordWithContactRow,
} from './service-record-row.js';

/** One record of a garage's export as stored: its fields, withdrawal, receipt and what its entry still keeps. */
export interface ExportRecordRow extends Omit<ServiceRecordWithContactRow, 'garage_id'>, ReceiptColumns {
  withdrawn_at: Date | null;
  amendments: PublicAmendment[];
  format: 1 | 2 | null;
  /** A format-2 entry's fields whose value and salt are still kept ('record.notes'...); erased ones are gone. */
  kept_fields: string[] | null;
  /** Its leaf hash in the transparency log, base64; null until it is in the log. */
  leaf_hash: string | null;
}

/** Rows fetched from the cursor at a time: the most the export holds of the database's answer at once. */
const BATCH_SIZE = 500;

const EXPORT_SELECT = `
  SELECT r.id, r.vehicle_registration, r.vin, r.service_date, r.mileage, r.service_type, r.notes, r.technician_name,
         r.signed_by, r.customer_email, r.customer_phone, r.created_at, r.imported, r.withdrawn_at,
         ${PUBLIC_AMENDMENTS_SELECT} AS amendments,
         c.position, c.hash, c.prev_hash, c.signed_at, c.signature, c.key_id, c.format,
         CASE WHEN c.format = 2 THEN ARRAY(
           SELECT f.path FROM entry_fields f WHERE f.registration = c.registration AND f.position = c.position) END
           AS kept_fields,
         l.leaf_index, encode(l.leaf_hash, 'base64') AS leaf_hash
    FROM service_records r
    LEFT JOIN chain_entries c ON c.record_id = r.id AND c.kind = 'record'
    LEFT JOIN log_leaves l ON l.registration = c.registration AND l.position = c.position
   WHERE r.garage_id = $1
   ORDER BY r.service_date DESC, r.created_at DESC, r.id DESC`;

/**
 * Every record of a garage, withdrawn ones included, newest service first, read through a server-side cursor
 * (pg-query-stream) on a connection of the pool held while it is read: BATCH_SIZE rows at a time, the next batch
 * fetched only when the reader asks for it, so a slow reader holds no more than that in memory, however many records
 * there are. One statement, so one snapshot, each fetch bounded by `statementTimeoutMs`. The connection goes back to the pool when the reading ends, fails or is
 * abandoned (the cursor closed first); one whose statement failed is discarded.
 */
export async function* readGarageExportRows(
  pool: Pool,
  garageId: string,
  statementTimeoutMs: number,
): AsyncGenerator<ExportRecordRow> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    // Each batch the cursor fetches is a statement of its own: none may hold the database longer than this.
    await client.query("SELECT set_config('statement_timeout', $1, false)", [String(statementTimeoutMs)]);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  const rows = client.query(new QueryStream(EXPORT_SELECT, [garageId], { batchSize: BATCH_SIZE }));
  try {
    for await (const row of rows) yield row as ExportRecordRow;
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // Leaving early (the reader went away) destroys the stream, which closes the cursor; wait for that before the
    // connection is used again.
    if (!rows.closed) {
      rows.destroy();
      await new Promise((resolve) => rows.once('close', resolve));
    }
    if (!failure)
      failure = await client.query('RESET statement_timeout').then(
        () => undefined,
        (error: Error) => error,
      );
    client.release(failure);
  }
}

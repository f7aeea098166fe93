import { RECORD_EXPORT_CSV_COLUMNS, type TExportedRecord, type TRecordExportCsvColumn } from '@sh/shared/contract';

/**
 * What a spreadsheet takes for the start of a formula (OWASP, CSV injection): =, +, - and @, and a leading tab or
 * carriage return, which some spreadsheets skip before reading one of those.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes RFC 4180 quote a field: a quote, a comma or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field: empty for null; a value a spreadsheet would read as a formula is neutralised with a leading single
 * quote, which spreadsheets show as text (every cell alike, so a base64 signature starting with + reads '+...; the
 * JSON export carries every value untouched); then quoted as RFC 4180 says, its quotes doubled.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line (RFC 4180: fields joined by commas, ended by CRLF). */
export function csvLine(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** The header row: RECORD_EXPORT_CSV_COLUMNS. */
export const CSV_HEADER = csvLine(RECORD_EXPORT_CSV_COLUMNS);

/** A record's fields in the order of RECORD_EXPORT_CSV_COLUMNS. */
export function csvFieldsOf(record: TExportedRecord): (string | number | null)[] {
  const receipt = record.receipt;
  const fields: Record<TRecordExportCsvColumn, string | number | null> = {
    id: record.id,
    vehicle_registration: record.vehicle_registration,
    vin: record.vin,
    service_date: record.service_date,
    mileage: record.mileage,
    service_type: record.service_type,
    notes: record.notes,
    technician_name: record.technician_name,
    signed_by: record.signed_by,
    customer_email: record.customer_email,
    customer_phone: record.customer_phone,
    created_at: record.created_at,
    amendments: record.amendments.map((amendment) => `${amendment.amended_at}: ${amendment.reason}`).join('; '),
    withdrawn_at: record.withdrawn_at,
    erased_fields: record.erased_fields.join('; '),
    imported: record.imported,
    receipt_hash: receipt?.hash ?? null,
    receipt_prev_hash: receipt?.prev_hash ?? null,
    receipt_position: receipt?.position ?? null,
    receipt_registration: receipt?.registration ?? null,
    receipt_signed_at: receipt?.signed_at ?? null,
    receipt_signature: receipt?.signature ?? null,
    receipt_key_id: receipt?.key_id ?? null,
    receipt_leaf_index: receipt?.leaf_index ?? null,
    receipt_leaf_hash: receipt?.leaf_hash ?? null,
  };
  return RECORD_EXPORT_CSV_COLUMNS.map((column) => fields[column]);
}

import { z } from 'zod';
import type { TOperation } from './openapi.js';
import { ZReceiptSchema } from './record-integrity.js';
import { ZLogHashSchema } from './transparency-log.js';

/**
 * The garage's export of its own records (docs/product.md#exporting-the-records): every record it logged, withdrawn
 * ones marked, each with its signed receipt, as CSV or as one JSON document, streamed from the database.
 */

/** What a garage is told about its export (kept out of MESSAGES, which the first page loads whole). */
export const RECORD_EXPORT_MESSAGES = {
  formatInvalid: 'Choose an export format: csv or json',
  busy: 'Too many exports are being made just now. Please try again in a minute.',
  garageBusy: 'An export of your records is already being made. Please wait for it to finish, then try again.',
  failed: 'Your records could not be exported just now. Please try again.',
} as const;

export const RECORD_EXPORT_FORMATS = ['csv', 'json'] as const;
export type TRecordExportFormat = (typeof RECORD_EXPORT_FORMATS)[number];

/** GET /service-records/export?format=csv|json. */
export const ZRecordExportQuerySchema = z.object({
  format: z.enum(RECORD_EXPORT_FORMATS, { error: RECORD_EXPORT_MESSAGES.formatInvalid }),
});
export type TRecordExportQuery = z.infer<typeof ZRecordExportQuerySchema>;

/** The fields a withdrawal or an admin's erasure can delete for good (they then read null and are named here). */
export const ZExportErasableFieldSchema = z.enum(['notes', 'technician_name', 'signed_by']);

/**
 * A receipt as the export carries it: the receipt the dashboard shows (ZReceiptSchema) and its entry's leaf hash in
 * the transparency log (RFC 6962, base64, as GET .../log/proof/inclusion answers it), null until the entry is in the log.
 */
export const ZExportedReceiptSchema = ZReceiptSchema.extend({ leaf_hash: ZLogHashSchema.nullable() });
export type TExportedReceipt = z.infer<typeof ZExportedReceiptSchema>;

/**
 * One record of the export: its fields as stored now (the technician and the signer each as kept, neither standing in
 * for the other), the platform's amendments, when it was withdrawn (null while public), which fields were erased, and
 * its receipt (null for a record outside its vehicle's chain).
 */
export const ZExportedRecordSchema = z.object({
  id: z.string().uuid(),
  vehicle_registration: z.string(),
  vin: z.string(),
  service_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  mileage: z.number().int().nullable(),
  service_type: z.string(),
  notes: z.string().nullable(),
  technician_name: z.string().nullable(),
  signed_by: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  created_at: z.string(),
  amendments: z.array(z.object({ amended_at: z.string(), reason: z.string() })),
  withdrawn_at: z.string().nullable(),
  erased_fields: z.array(ZExportErasableFieldSchema),
  /** For a record imported from the garage's own history, "Imported on {date}, serviced on {date}"; null otherwise. */
  imported: z.string().nullable(),
  receipt: ZExportedReceiptSchema.nullable(),
});
export type TExportedRecord = z.infer<typeof ZExportedRecordSchema>;

/**
 * The JSON export: one document, the records last so that it streams, newest service first. Its receipts verify with
 * the keys of GET /service-records/signing-key, each by its key_id.
 */
export const ZRecordExportSchema = z.object({
  garage: z.object({ id: z.string().uuid(), name: z.string() }),
  exported_at: z.string(),
  records: z.array(ZExportedRecordSchema),
});
export type TRecordExport = z.infer<typeof ZRecordExportSchema>;

/**
 * The CSV export's columns, in order, named in its header row: a record's fields, then its receipt's (`receipt_`).
 * List cells (amendments, erased fields) join their items with "; ".
 */
export const RECORD_EXPORT_CSV_COLUMNS = [
  'id',
  'vehicle_registration',
  'vin',
  'service_date',
  'mileage',
  'service_type',
  'notes',
  'technician_name',
  'signed_by',
  'customer_email',
  'customer_phone',
  'created_at',
  'amendments',
  'withdrawn_at',
  'erased_fields',
  'imported',
  'receipt_hash',
  'receipt_prev_hash',
  'receipt_position',
  'receipt_registration',
  'receipt_signed_at',
  'receipt_signature',
  'receipt_key_id',
  'receipt_leaf_index',
  'receipt_leaf_hash',
] as const;
export type TRecordExportCsvColumn = (typeof RECORD_EXPORT_CSV_COLUMNS)[number];

/** The export's entry in OPERATIONS (operations.ts): the gateway routes, guards and budgets it by this alone. */
export const RECORD_EXPORT_OPERATION: TOperation = {
  method: 'get',
  path: '/service-records/export',
  operationId: 'exportGarageServiceRecords',
  summary:
    "Download the signed-in garage's records, withdrawn ones marked, each with its receipt (leaf hash and signature): CSV (a header row, RFC 4180, cells that a spreadsheet would read as a formula prefixed with ') or one JSON document, streamed, as an attachment",
  tag: 'Service records',
  auth: 'garage',
  service: 'records',
  budget: 'general',
  query: ZRecordExportQuerySchema,
  response: ZRecordExportSchema,
  download: { 'text/csv': z.string(), 'application/json': ZRecordExportSchema },
  errors: [400, 401, 403, 429],
};

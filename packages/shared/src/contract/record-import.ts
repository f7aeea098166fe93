import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import type { TOperation } from './openapi.js';
import { SERVICE_CATEGORIES } from './categories.js';
import { joinServiceItems, NOTES_MAX_LENGTH, ZMileageSchema, ZUkRegistrationSchema, ZVinSchema } from './records.js';

/**
 * A garage's import of the history it already holds (docs/product.md#importing-a-garages-history): a CSV file, checked
 * row by row with the add-service wizard's rules, previewed with every row's problems, then stored whole or not at all.
 */

/** The most data rows one file may hold. */
export const RECORD_IMPORT_MAX_ROWS = 10_000;
/** The most characters one file may hold (about 5 MB: 10,000 rows of 500 characters). */
export const RECORD_IMPORT_MAX_CHARACTERS = 5_000_000;
/** The JSON body limit of the two import calls: the file's characters, each possibly escaped, and the envelope. */
export const RECORD_IMPORT_BODY_LIMIT = '12mb';
/** The longest free-text service a row may name instead of checklist items. */
export const RECORD_IMPORT_SERVICE_MAX_LENGTH = 200;
/** The oldest service date a row may carry. */
export const RECORD_IMPORT_EARLIEST_DATE = '1950-01-01';
/** The most problems one preview lists (the count says how many there are). */
export const RECORD_IMPORT_PROBLEMS_SHOWN = 500;

/** The file's columns, named in its header row in any order (case and outer spaces aside). */
export const RECORD_IMPORT_COLUMNS = [
  'registration',
  'vin',
  'service_date',
  'mileage',
  'service',
  'notes',
  'technician',
] as const;
export type TRecordImportColumn = (typeof RECORD_IMPORT_COLUMNS)[number];

/** What a garage is told about its import (kept out of MESSAGES, which the first page loads whole). */
export const RECORD_IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file to import',
  fileTooLarge: 'The file is larger than 5 MB: split it and import each part',
  tooManyRows: `The file has more than ${RECORD_IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows: split it and import each part`,
  noRows: 'The file has no rows to import',
  unreadable: 'The file could not be read as CSV',
  headerInvalid: `The first row must name the columns ${RECORD_IMPORT_COLUMNS.join(', ')}`,
  hasProblems: 'Nothing was imported: fix the problems in the file and upload it again',
  serviceDateInvalid: 'Enter the service date as YYYY-MM-DD or DD/MM/YYYY',
  serviceDateFuture: 'The service date cannot be in the future',
  serviceDateTooOld: 'The service date is too long ago',
  serviceTooLong: `The service is longer than ${RECORD_IMPORT_SERVICE_MAX_LENGTH} characters`,
  technicianUnknown: 'Name one of your technicians, or leave it empty for your own work',
  imported: (count: number) => `${count.toLocaleString('en-GB')} records imported`,
} as const;

/** A date as a row may write it, YYYY-MM-DD or DD/MM/YYYY, as YYYY-MM-DD; null when it is no such calendar date. */
export function importDateOf(raw: string): string | null {
  const text = raw.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const uk = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : uk ? [uk[3], uk[2], uk[1]] : [];
  if (!year || !month || !day) return null;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

/** A mileage cell: digits, thousands optionally grouped with commas; anything else is left for ZMileageSchema to refuse. */
function mileageOf(raw: string): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  return /^(\d+|\d{1,3}(,\d{3})+)$/.test(text) ? Number(text.replaceAll(',', '')) : text;
}

/**
 * The service cell: checklist items joined by commas or semicolons (each once, matched case aside), stored as the
 * wizard stores them; or, when any part is no checklist item, the text itself, trimmed, as the garage wrote it.
 */
export function importedServiceOf(raw: string): string {
  const text = raw.trim();
  const items = text.split(/[;,]/).map((item) => item.trim());
  const named = items.map((item) => CHECKLIST_BY_LOWER.get(item.toLowerCase()));
  return named.every((item) => item !== undefined) && new Set(named).size === named.length
    ? joinServiceItems(named as string[])
    : text;
}
const CHECKLIST_BY_LOWER: ReadonlyMap<string, string> = new Map(
  SERVICE_CATEGORIES.flatMap((category) => category.items.map((item) => [item.toLowerCase(), item] as const)),
);

const optionalCell = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value ? value : null));

/**
 * One data row of the file, its cells as text, checked with the wizard's rules (registration, VIN, mileage, notes,
 * technician's name) and the import's own (a past service date; checklist items or free text). The service date's
 * upper bound, today in Europe/London, is the caller's: `today`.
 */
export function importRowSchema(today: string) {
  return z.object({
    registration: ZUkRegistrationSchema,
    vin: ZVinSchema,
    service_date: z
      .string()
      .transform((raw, context) => {
        const date = importDateOf(raw);
        if (date === null) context.addIssue({ code: 'custom', message: RECORD_IMPORT_MESSAGES.serviceDateInvalid });
        return date ?? '';
      })
      .refine((date) => date === '' || date <= today, RECORD_IMPORT_MESSAGES.serviceDateFuture)
      .refine((date) => date === '' || date >= RECORD_IMPORT_EARLIEST_DATE, RECORD_IMPORT_MESSAGES.serviceDateTooOld),
    mileage: z.string().transform(mileageOf).pipe(ZMileageSchema),
    service: z
      .string()
      .trim()
      .min(1, MESSAGES.records.serviceTypeRequired)
      .max(RECORD_IMPORT_SERVICE_MAX_LENGTH, RECORD_IMPORT_MESSAGES.serviceTooLong)
      .transform(importedServiceOf),
    notes: optionalCell(NOTES_MAX_LENGTH, MESSAGES.records.notesTooLong),
    technician: optionalCell(100, MESSAGES.records.technicianTooLong),
  });
}
export type TImportRow = z.infer<ReturnType<typeof importRowSchema>>;

/** POST /service-records/import/preview and /service-records/import: the file's text. */
export const ZRecordImportRequestSchema = z.object({
  csv: z
    .string({ error: RECORD_IMPORT_MESSAGES.fileRequired })
    .min(1, RECORD_IMPORT_MESSAGES.fileRequired)
    .max(RECORD_IMPORT_MAX_CHARACTERS, RECORD_IMPORT_MESSAGES.fileTooLarge),
});
export type TRecordImportRequest = z.infer<typeof ZRecordImportRequestSchema>;

/** A row's problem: its row number in the file (the header is row 1), the column, and the wizard's message. */
export const ZRecordImportProblemSchema = z.object({
  row: z.number().int().min(2),
  field: z.enum(RECORD_IMPORT_COLUMNS),
  message: z.string(),
});
export type TRecordImportProblem = z.infer<typeof ZRecordImportProblemSchema>;

/** The preview: how many rows the file holds, how many problems, and the first RECORD_IMPORT_PROBLEMS_SHOWN of them. */
export const ZRecordImportPreviewResponseSchema = successEnvelope(
  z.object({
    rows: z.number().int().min(1),
    problem_count: z.number().int().min(0),
    problems: z.array(ZRecordImportProblemSchema),
  }),
);
export type TRecordImportPreview = z.infer<typeof ZRecordImportPreviewResponseSchema>['data'];

/** The import: how many records were stored, and when (the "imported on" date every view shows). */
export const ZRecordImportResponseSchema = successEnvelope(
  z.object({ imported: z.number().int().min(1), imported_at: z.string() }),
);
export type TRecordImportResult = z.infer<typeof ZRecordImportResponseSchema>['data'];

/** The import's entries in OPERATIONS (operations.ts). */
export const RECORD_IMPORT_OPERATIONS: TOperation[] = [
  {
    method: 'post',
    path: '/service-records/import/preview',
    operationId: 'previewServiceRecordImport',
    summary: `Check a CSV file of the garage's past services (header row ${RECORD_IMPORT_COLUMNS.join(', ')}; at most ${RECORD_IMPORT_MAX_ROWS} rows) with the add-service rules, and list every row's problems; stores nothing`,
    tag: 'Service records',
    auth: 'garage',
    service: 'records',
    budget: 'general',
    body: ZRecordImportRequestSchema,
    response: ZRecordImportPreviewResponseSchema,
    errors: [400, 401, 403, 429],
  },
  {
    method: 'post',
    path: '/service-records/import',
    operationId: 'importServiceRecords',
    summary:
      "Store every row of a CSV file of the garage's past services as sealed records marked imported, or none: a file with any problem is a 400 listing them",
    tag: 'Service records',
    auth: 'garage',
    service: 'records',
    budget: 'general',
    successStatus: 201,
    body: ZRecordImportRequestSchema,
    response: ZRecordImportResponseSchema,
    errors: [400, 401, 403, 429],
  },
];

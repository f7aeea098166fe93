import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  RECORD_IMPORT_MESSAGES,
  RECORD_IMPORT_PROBLEMS_SHOWN,
  type TRecordImportPreview,
  type TRecordImportResult,
} from '@sh/shared/contract';
import { AppError, isEmailConfirmed, refuseIfGarageSuspended, withTransaction, type Pool } from '@sh/shared/server';
import type { PasswordChecker } from '../../clients/identity.js';
import { findEntitlement } from '../../store/find-entitlement.js';
import type { ServiceRecordWithContactRow } from '../../store/service-record-row.js';
import { stageRecordImport } from '../../store/staged-imports.js';
import { serviceDateFor } from '../service-date.js';
import type { ReceiptSigner } from '../signing-key.js';
import { checkImportRows, type CheckedImportRow } from './check-import-rows.js';
import { parseImportFile } from './parse-import-file.js';
import { IMPORT_LEASE_MS, sealImportBatch } from './seal-import-batch.js';

export interface ImportGarageRecordsDeps {
  pool: Pool;
  signer: ReceiptSigner;
  identity: Pick<PasswordChecker, 'findTechnicianNames'>;
  /** Records sealed to a transaction (config.ts: RECORD_IMPORT_BATCH_ROWS); DEFAULT_IMPORT_BATCH_ROWS when absent. */
  importBatchRows?: number;
  /** Told once for each vehicle whose history the import changed, after it committed. */
  onRecordWritten?: (registration: string) => Promise<void>;
  now?: () => Date;
}

/** How many vehicles' lookup answers are marked stale at once after an import's batch. */
const STALE_MARKS_AT_ONCE = 500;
/** Records sealed to a transaction unless told (config.ts: RECORD_IMPORT_BATCH_ROWS). */
export const DEFAULT_IMPORT_BATCH_ROWS = 1000;

/**
 * May this garage import? The rules of adding a service (createServiceRecord): not suspended, its e-mail confirmed,
 * and a subscription that lets it add records (docs/product.md#importing-a-garages-history).
 */
async function refuseUnlessGarageMayAdd(pool: Pool, garageId: string): Promise<void> {
  await refuseIfGarageSuspended(pool, garageId);
  if (!(await isEmailConfirmed(pool, garageId)))
    throw new AppError('email_not_confirmed', MESSAGES.platform.emailNotConfirmed);
  const entitlement = await findEntitlement(pool, garageId);
  if (!entitlement?.canAddRecords) throw new AppError('subscription_required', MESSAGES.records.subscriptionRequired);
}

async function readAndCheck(deps: ImportGarageRecordsDeps, garageId: string, csv: string, now: Date) {
  await refuseUnlessGarageMayAdd(deps.pool, garageId);
  const file = parseImportFile(csv);
  const checked = await checkImportRows(deps.identity, garageId, file, serviceDateFor(now));
  return { rowCount: file.length, ...checked };
}

/** The preview: how many rows the file holds and every row's problems (the first RECORD_IMPORT_PROBLEMS_SHOWN). Stores nothing. */
export async function previewRecordImport(
  deps: ImportGarageRecordsDeps,
  garageId: string,
  csv: string,
): Promise<TRecordImportPreview> {
  const { rowCount, problems } = await readAndCheck(deps, garageId, csv, deps.now?.() ?? new Date());
  return {
    rows: rowCount,
    problem_count: problems.length,
    problems: problems.slice(0, RECORD_IMPORT_PROBLEMS_SHOWN),
  };
}

/**
 * Imports the file: every row, or none. A file with any problem is a 400 listing them (as the preview does); otherwise
 * each row becomes a record marked imported, created now, with the service date the garage gave. The file is staged
 * whole, then sealed into its vehicles' chains (oldest service first) and the transparency log a batch at a time
 * (sealImportBatch), each batch with a service_records.imported event for its vehicles (no receipt mail for each:
 * docs/product.md#importing-a-garages-history). A failure between batches leaves the rest staged, for a finisher.
 */
export async function importGarageRecords(
  deps: ImportGarageRecordsDeps,
  garageId: string,
  csv: string,
): Promise<TRecordImportResult> {
  const now = deps.now?.() ?? new Date();
  const { rows, problems } = await readAndCheck(deps, garageId, csv, now);
  if (problems.length > 0) {
    throw new AppError('validation_failed', RECORD_IMPORT_MESSAGES.hasProblems, {
      errors: problems
        .slice(0, RECORD_IMPORT_PROBLEMS_SHOWN)
        .map((problem) => ({ path: `row ${problem.row}.${problem.field}`, message: problem.message })),
    });
  }
  const createdAt = new Date(Math.floor(now.getTime()));
  const records = inChainOrder(rows).map((row) => recordOf(row, garageId, createdAt));
  const importId = randomUUID();
  // The whole file is staged first, in one transaction: from then on none of it is lost, whatever fails.
  await withTransaction(deps.pool, (client) =>
    stageRecordImport(client, { id: importId, garageId, receivedAt: createdAt, leaseMs: IMPORT_LEASE_MS }, records),
  );
  const sealing = {
    pool: deps.pool,
    signer: deps.signer,
    batchRows: deps.importBatchRows ?? DEFAULT_IMPORT_BATCH_ROWS,
  };
  for (;;) {
    const batch = await sealImportBatch(sealing, importId);
    for (let from = 0; from < (batch?.registrations.length ?? 0); from += STALE_MARKS_AT_ONCE) {
      await Promise.all(
        batch!.registrations
          .slice(from, from + STALE_MARKS_AT_ONCE)
          .map((registration) => deps.onRecordWritten?.(registration)),
      );
    }
    // Null: another replica's finisher sealed the last of it while this one waited.
    if (!batch || batch.isFinished) break;
  }
  return { imported: records.length, imported_at: createdAt.toISOString() };
}

/** The rows by vehicle, each vehicle's oldest service first (then in file order), so its chain reads in time order. */
function inChainOrder(rows: readonly CheckedImportRow[]): CheckedImportRow[] {
  return [...rows].sort(
    (a, b) =>
      a.registration.localeCompare(b.registration) || a.service_date.localeCompare(b.service_date) || a.row - b.row,
  );
}

/** A row as a stored record: its garage's, created now, marked imported, with no signer and no customer contact. */
function recordOf(row: CheckedImportRow, garageId: string, createdAt: Date): ServiceRecordWithContactRow {
  return {
    id: randomUUID(),
    garage_id: garageId,
    vin: row.vin,
    vehicle_registration: row.registration,
    service_date: row.service_date,
    mileage: row.mileage,
    service_type: row.service,
    notes: row.notes,
    technician_name: row.technician,
    // No one signed it here: the technician the file names (or none) is all a view shows, never a stand-in signer.
    signed_by: null,
    customer_email: null,
    customer_phone: null,
    created_at: createdAt,
    imported: true,
  };
}

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
import { publishRecordsImported } from '../../events/publish-records-imported.js';
import { findEntitlement } from '../../store/find-entitlement.js';
import { insertServiceRecords } from '../../store/insert-service-records.js';
import { lockVehicleChains } from '../../store/lock-vehicle-chains.js';
import type { ServiceRecordWithContactRow } from '../../store/service-record-row.js';
import { serviceDateFor } from '../service-date.js';
import type { ReceiptSigner } from '../signing-key.js';
import { checkImportRows, type CheckedImportRow } from './check-import-rows.js';
import { parseImportFile } from './parse-import-file.js';
import { sealImportedRecords } from './seal-imported-records.js';

export interface ImportGarageRecordsDeps {
  pool: Pool;
  signer: ReceiptSigner;
  identity: Pick<PasswordChecker, 'findTechnicianNames'>;
  /** Told once for each vehicle whose history the import changed, after it committed. */
  onRecordWritten?: (registration: string) => Promise<void>;
  now?: () => Date;
}

/** How many vehicles' lookup answers are marked stale at once after an import. */
const STALE_MARKS_AT_ONCE = 500;

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
 * each row becomes a record marked imported, created now, with the service date the garage gave, sealed into its
 * vehicle's chain (oldest service first) and the transparency log in one transaction, and one
 * service_records.imported event is written (no receipt mail for each: docs/product.md#importing-a-garages-history).
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
  await withTransaction(deps.pool, async (client) => {
    const heads = await lockVehicleChains(
      client,
      records.map((record) => record.vehicle_registration),
    );
    await insertServiceRecords(client, records);
    await sealImportedRecords(client, deps.signer, records, heads, createdAt);
    await publishRecordsImported(client, {
      importId,
      garageId,
      count: records.length,
      registrations: [...heads.keys()],
      importedAt: createdAt.toISOString(),
    });
  });
  const registrations = [...new Set(records.map((record) => record.vehicle_registration))];
  for (let from = 0; from < registrations.length; from += STALE_MARKS_AT_ONCE) {
    await Promise.all(
      registrations.slice(from, from + STALE_MARKS_AT_ONCE).map((registration) => deps.onRecordWritten?.(registration)),
    );
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

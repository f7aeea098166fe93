import {
  importRowSchema,
  TECHNICIAN_NAMES_ASKED_AT_ONCE,
  RECORD_IMPORT_MESSAGES,
  type TImportRow,
  type TRecordImportColumn,
  type TRecordImportProblem,
} from '@sh/shared/contract';
import type { PasswordChecker } from '../../clients/identity.js';
import type { ImportFileRow } from './parse-import-file.js';

/** A row that passed every check: its values as they will be stored, the technician as their account names them. */
export interface CheckedImportRow extends TImportRow {
  row: number;
}

/**
 * Checks every row with the wizard's rules (importRowSchema) and asks identity for every distinct technician's name
 * at once (docs/product.md#the-garages-team): an empty cell is the owner's own work, any other name must be one of the
 * garage's technicians. Answers the rows as they will be stored and every problem, in row order, one per field.
 */
export async function checkImportRows(
  identity: Pick<PasswordChecker, 'findTechnicianNames'>,
  garageId: string,
  rows: readonly ImportFileRow[],
  today: string,
): Promise<{ rows: CheckedImportRow[]; problems: TRecordImportProblem[] }> {
  const schema = importRowSchema(today);
  const checked: CheckedImportRow[] = [];
  const problems: TRecordImportProblem[] = [];
  for (const { row, cells } of rows) {
    const parsed = schema.safeParse(cells);
    if (parsed.success) {
      checked.push({ row, ...parsed.data });
      continue;
    }
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as TRecordImportColumn;
      if (seen.has(field)) continue;
      seen.add(field);
      problems.push({ row, field, message: issue.message });
    }
  }

  const names = [...new Set(checked.flatMap((row) => (row.technician === null ? [] : [row.technician])))];
  const known = new Map<string, string | null>();
  // One call for the whole file (one per TECHNICIAN_NAMES_ASKED_AT_ONCE distinct names, which no team reaches).
  for (let from = 0; from < names.length; from += TECHNICIAN_NAMES_ASKED_AT_ONCE) {
    const batch = names.slice(from, from + TECHNICIAN_NAMES_ASKED_AT_ONCE);
    const answers = await identity.findTechnicianNames(garageId, batch);
    batch.forEach((name, index) => known.set(name, answers[index]!));
  }
  const stored: CheckedImportRow[] = [];
  for (const row of checked) {
    if (row.technician === null) {
      stored.push(row);
      continue;
    }
    const technician = known.get(row.technician) ?? null;
    if (technician === null)
      problems.push({ row: row.row, field: 'technician', message: RECORD_IMPORT_MESSAGES.technicianUnknown });
    else stored.push({ ...row, technician });
  }
  problems.sort((a, b) => a.row - b.row);
  return { rows: stored, problems };
}

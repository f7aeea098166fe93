/**
 * Binds the records a page shows to the chain entries that sealed them (issue 23): a verified log proves the entries,
 * and this proves that what the visitor reads is what those entries say. Each shown record must equal its record
 * entry's sealed values with its amendments applied in chain order, and show exactly the amendments the chain holds.
 * No I/O: the caller has already checked each entry's content against its hash and the log.
 */
import type { TPublicServiceRecord } from '../contract/records.js';
import { asFieldCommitment, checkDisclosure } from './field-commitment.js';

/** A record as the page shows it: the fields its entry seals, and the platform's amendments, oldest first. */
export type ShownRecord = Pick<
  TPublicServiceRecord,
  | 'id'
  | 'garage_id'
  | 'vin'
  | 'vehicle_registration'
  | 'service_date'
  | 'mileage'
  | 'service_type'
  | 'notes'
  | 'technician_name'
  | 'created_at'
  | 'amendments'
  | 'imported'
>;

/** A value a format-2 entry discloses: where it sits in the content (dot-separated), the value and its salt. */
export interface Disclosure {
  path: string;
  value: string | null;
  salt: string;
}

/** A chain entry as GET service-records/verify answers it, as far as binding reads it. */
export interface HistoryEntry {
  position: number;
  kind: 'record' | 'amendment' | 'withdrawal';
  record_id: string;
  /** What the entry's hash covers; null when the server withholds it. */
  content: Record<string, unknown> | null;
  /** How the content holds its values: 1 (absent: 1) as they are, 2 with some as salted commitments. */
  format?: number;
  /** Format 2: the committed values the server discloses, each with its salt. */
  disclosures?: readonly Disclosure[];
}

/** Why a shown record is not what the chain sealed: the record, and the entry at fault (null when none seals it). */
export interface BindingProblem {
  recordId: string;
  position: number | null;
  reason: string;
}

/**
 * The fields of a shown record that its record entry seals, in the order a difference is reported, each as a reason
 * names it.
 */
const FIELD_NAMES = {
  id: 'record id',
  vehicle_registration: 'registration',
  vin: 'VIN',
  service_date: 'service date',
  mileage: 'mileage',
  service_type: 'service type',
  notes: 'notes',
  technician_name: 'technician',
  garage_id: 'garage',
  created_at: 'logging time',
} as const satisfies Partial<Record<keyof ShownRecord, string>>;

type SealedField = keyof typeof FIELD_NAMES;
const SEALED_FIELDS = Object.keys(FIELD_NAMES) as SealedField[];

/**
 * Every way the shown records differ from what their entries sealed; empty when each one is bound. Entries must be in
 * chain order. Records the chain holds but the page does not show are not this function's business.
 */
export async function bindShownRecords(
  shown: readonly ShownRecord[],
  entries: readonly HistoryEntry[],
): Promise<BindingProblem[]> {
  const problems: BindingProblem[] = [];
  for (const record of shown) problems.push(...(await bindRecord(record, entries)));
  return problems;
}

/**
 * The record entries of records the chain holds in public view (sealed and not withdrawn) that the page does not
 * show: a history with one left out is not the whole history. `isSettled` says which entries to hold against the
 * page (a record logged after the page's records were fetched is not yet expected among them).
 */
export function findUnshownRecords(
  shown: readonly Pick<ShownRecord, 'id'>[],
  entries: readonly HistoryEntry[],
  isSettled: (entry: HistoryEntry) => boolean = () => true,
): HistoryEntry[] {
  const shownIds = new Set(shown.map((record) => record.id));
  const withdrawn = new Set(entries.filter((entry) => entry.kind === 'withdrawal').map((entry) => entry.record_id));
  return entries.filter(
    (entry) =>
      entry.kind === 'record' && !shownIds.has(entry.record_id) && !withdrawn.has(entry.record_id) && isSettled(entry),
  );
}

/** A field's value as the chain has it for a record, and the entry that set it last. */
type SealedValue = { value: unknown; position: number };

async function bindRecord(record: ShownRecord, entries: readonly HistoryEntry[]): Promise<BindingProblem[]> {
  const problem = (position: number | null, reason: string): BindingProblem => ({
    recordId: record.id,
    position,
    reason,
  });
  const own = entries.filter((entry) => entry.record_id === record.id);
  const [recordEntry, ...resealed] = own.filter((entry) => entry.kind === 'record');
  if (!recordEntry) return [problem(null, 'no entry of the log seals this record')];
  if (resealed[0]) return [problem(resealed[0].position, 'the log seals this record twice')];

  const opened = await openContent(recordEntry);
  if ('reason' in opened) return [problem(recordEntry.position, opened.reason)];
  const sealed = objectAt(opened.content, 'record');
  if (!sealed) return [problem(recordEntry.position, 'its entry holds no record')];
  const state = new Map<string, SealedValue>(
    Object.entries(sealed).map(([field, value]) => [field, { value, position: recordEntry.position }]),
  );

  const problems: BindingProblem[] = [];
  const sealedAmendments: Array<{ amended_at: unknown; reason: unknown; position: number }> = [];
  for (const entry of own) {
    if (entry.kind === 'withdrawal')
      problems.push(problem(entry.position, 'the log says this record was withdrawn, yet it is shown'));
    if (entry.kind !== 'amendment') continue;
    if (entry.position < recordEntry.position) {
      problems.push(problem(entry.position, 'an amendment comes before the record it amends'));
      continue;
    }
    const amendment = await openContent(entry);
    const sealedAmendment = 'reason' in amendment ? null : objectAt(amendment.content, 'amendment');
    if (!sealedAmendment) {
      problems.push(problem(entry.position, 'reason' in amendment ? amendment.reason : 'its entry holds no amendment'));
      continue;
    }
    const changes = Array.isArray(sealedAmendment.changes) ? sealedAmendment.changes : null;
    if (sealedAmendment.record_id !== record.id || !changes) {
      problems.push(problem(entry.position, 'its entry is not an amendment of this record'));
      continue;
    }
    // Applied in chain order: each change must start from what the record read before it.
    for (const change of changes as unknown[]) {
      const { field, from, to } = (typeof change === 'object' && change !== null ? change : {}) as Record<
        string,
        unknown
      >;
      if (typeof field !== 'string') {
        problems.push(problem(entry.position, 'one of its changes names no field'));
        continue;
      }
      const before = state.get(field);
      // A value an amendment replaced is never disclosed: its old value is then only a commitment, checked by no one.
      if (before && before.value !== UNDISCLOSED && from !== UNDISCLOSED && !Object.is(before.value, from))
        problems.push(
          problem(entry.position, `its old ${nameOf(field)} ${isOrAre(field)} not what the record read before it`),
        );
      state.set(field, { value: to, position: entry.position });
    }
    sealedAmendments.push({
      amended_at: sealedAmendment.amended_at,
      reason: sealedAmendment.reason,
      position: entry.position,
    });
  }

  for (const field of SEALED_FIELDS) {
    const sealedValue = shownValueOf(field, state);
    // A sealed value not disclosed (erased, or never public) is one the page may not show.
    const expected = sealedValue?.value === UNDISCLOSED ? null : sealedValue?.value;
    if (!sealedValue || !Object.is(expected, record[field])) {
      problems.push(
        problem(
          sealedValue?.position ?? recordEntry.position,
          `the ${FIELD_NAMES[field]} shown ${isOrAre(field)} not what the log sealed`,
        ),
      );
    }
  }
  // An imported record's entry seals `imported: true` (docs/product.md#importing-a-garages-history): the page must mark
  // it so, and mark no other. An amendment never changes it.
  if ((sealed.imported === true) !== (record.imported === true)) {
    problems.push(
      problem(
        recordEntry.position,
        record.imported === true
          ? 'the page marks as imported a record the log sealed as logged'
          : 'the log sealed this record as imported, yet the page does not say so',
      ),
    );
  }
  const shownAmendments = record.amendments;
  for (let i = 0; i < Math.max(shownAmendments.length, sealedAmendments.length); i += 1) {
    const shownAmendment = shownAmendments[i];
    const sealedAmendment = sealedAmendments[i];
    if (!sealedAmendment) {
      problems.push(problem(null, 'an amendment shown is not in the log'));
    } else if (!shownAmendment) {
      problems.push(problem(sealedAmendment.position, 'an amendment in the log is not shown'));
    } else if (
      shownAmendment.reason !== sealedAmendment.reason ||
      shownAmendment.amended_at !== sealedAmendment.amended_at
    ) {
      problems.push(problem(sealedAmendment.position, 'the amendment shown is not what the log sealed'));
    }
  }
  return problems;
}

/**
 * What the page should show of a field, from the sealed values: the lookup shows who signed a record as its technician
 * when no technician was named (find-records-by-registration.ts), so that is what the seal must give.
 */
function shownValueOf(field: SealedField, state: ReadonlyMap<string, SealedValue>): SealedValue | undefined {
  const sealed = state.get(field);
  if (field !== 'technician_name' || (sealed && sealed.value !== null && sealed.value !== UNDISCLOSED)) return sealed;
  return state.get('signed_by') ?? sealed;
}

function isOrAre(field: string): string {
  return field === 'notes' ? 'are' : 'is';
}

function nameOf(field: string): string {
  return (FIELD_NAMES as Record<string, string | undefined>)[field] ?? field.replaceAll('_', ' ');
}

function objectAt(content: Record<string, unknown>, key: string): Record<string, unknown> | null {
  const value = content[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** What an entry sealed, with every value in the clear, or why it cannot be read. */
type OpenedContent = { content: Record<string, unknown> } | { reason: string };

/** A format-2 field whose value the answer does not disclose: erased, replaced since, or never public. */
const UNDISCLOSED = Symbol('undisclosed');

/**
 * An entry's sealed values in the clear, by its format. Format 1 (or none given) holds them as they are. Format 2
 * holds personal and free-text fields as salted commitments (field-commitment.ts): each disclosed value is checked
 * against its commitment, then put in its place; a commitment not disclosed reads as UNDISCLOSED.
 */
async function openContent(entry: HistoryEntry): Promise<OpenedContent> {
  if (entry.content === null) return { reason: 'the log withholds what this entry sealed' };
  const format = entry.format ?? 1;
  if (format === 1) return { content: entry.content };
  if (format === 2) return openFormatTwo(entry, entry.content);
  return { reason: `its format (${format}) is not one this page can read` };
}

/** Format 2: every disclosure checked against its commitment, and the content with the disclosed values in place. */
async function openFormatTwo(entry: HistoryEntry, content: Record<string, unknown>): Promise<OpenedContent> {
  const disclosed = new Map<string, string | null>();
  for (const disclosure of entry.disclosures ?? []) {
    const fault = await checkDisclosure(content, disclosure);
    if (fault) return { reason: fault };
    disclosed.set(disclosure.path, disclosure.value);
  }
  const reveal = (value: unknown, path: string): unknown => {
    if (asFieldCommitment(value)) return disclosed.has(path) ? disclosed.get(path) : UNDISCLOSED;
    if (Array.isArray(value)) return value.map((item, index) => reveal(item, `${path}.${index}`));
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, reveal(item, path ? `${path}.${key}` : key)]),
      );
    }
    return value;
  };
  return { content: reveal(content, '') as Record<string, unknown> };
}

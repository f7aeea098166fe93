import { createHash } from 'node:crypto';
import { asFieldCommitment, valueAtPath, type FieldDisclosure } from '@sh/shared/transparency-log';
import type { SealedAmendment } from './chain-entry.js';
import { canonicalJson, commitFieldNow } from './chain-entry.js';
import { isHistoryChange } from './amendment-changes.js';
import type { ChainRecord, StoredEntry, StoredField } from './verify-chain.js';

/**
 * Verifying format-2 entries (migration 008): each keeps the content it hashed, in which personal and free-text
 * fields are salted commitments, and those fields' values and salts sit beside it in entry_fields until a withdrawal
 * or an erasure deletes them. So an entry is checked in three steps: its kept content against its hash and place;
 * the content's plain fields, and each kept value through its commitment, against the records and amendments as
 * stored; and each record's current values against what its entries sealed last.
 */

/** A format-2 entry's content as kept, or why it cannot be read. */
export function readKeptContent(
  entry: StoredEntry,
  link: { position: number; prevHash: string | null },
): { content: Record<string, unknown> } | { reason: string } {
  if (entry.content === null) return { reason: 'its sealed content is missing' };
  if (createHash('sha256').update(entry.content, 'utf8').digest('hex') !== entry.hash)
    return { reason: `the ${entry.kind} no longer matches its hash` };
  let content: unknown;
  try {
    content = JSON.parse(entry.content);
  } catch {
    return { reason: 'its sealed content is unreadable' };
  }
  if (
    typeof content !== 'object' ||
    content === null ||
    Array.isArray(content) ||
    canonicalJson(content) !== entry.content
  ) {
    return { reason: 'its sealed content is unreadable' };
  }
  const kept = content as Record<string, unknown>;
  if (
    kept.format !== 2 ||
    kept.kind !== entry.kind ||
    kept.position !== link.position ||
    kept.prev_hash !== link.prevHash
  ) {
    return { reason: 'its sealed content does not match its place in the chain' };
  }
  return { content: kept };
}

/** What is stored beside the entries: records, amendments and the kept field values, by entry position and path. */
export interface StoredSide {
  records: ReadonlyMap<string, ChainRecord>;
  amendments: ReadonlyMap<string, SealedAmendment>;
  fieldsAt: (position: number) => ReadonlyMap<string, StoredField>;
}

/**
 * Whether a format-2 entry's content still describes what is stored: its plain fields equal the row's, and every kept
 * value hashes to the commitment at its path and equals the row's value. Answers the first fault, or null.
 */
export function sealedFieldFault(
  entry: StoredEntry,
  content: Record<string, unknown>,
  stored: StoredSide,
): string | null {
  const fields = stored.fieldsAt(entry.position);
  for (const field of fields.values()) {
    if (asFieldCommitment(valueAtPath(content, field.path))?.commitment !== commitFieldNow(field.salt, field.value)) {
      return 'a sealed value no longer matches its hash';
    }
  }
  const kept = (path: string) => fields.get(path);
  const agrees = (path: string, value: string | null) => kept(path) === undefined || kept(path)!.value === value;
  const mismatch = `the ${entry.kind} no longer matches its hash`;

  if (entry.kind === 'record') {
    const record = stored.records.get(entry.record_id);
    if (!record) return 'the record it seals is missing';
    const sealed = content.record as Record<string, unknown>;
    const plain = {
      id: record.id,
      garage_id: record.garage_id,
      vin: record.vin,
      vehicle_registration: record.vehicle_registration,
      mileage: record.mileage,
    };
    const same =
      Object.entries(plain).every(([name, value]) => sealed[name] === value) &&
      sealed.created_at === record.created_at.toISOString() &&
      (sealed.imported === true) === (record.imported === true);
    return same ? null : mismatch;
  }
  if (entry.kind === 'amendment') {
    const amendment = entry.amendment_id ? stored.amendments.get(entry.amendment_id) : undefined;
    if (!amendment || amendment.record_id !== entry.record_id) return 'the amendment it seals is missing';
    const sealed = content.amendment as {
      id: unknown;
      record_id: unknown;
      amended_by: unknown;
      amended_at: unknown;
      changes: Array<{ field: unknown }>;
      contact_fields_changed: unknown;
    };
    const history = amendment.changes.filter(isHistoryChange);
    const contact = amendment.changes.filter((change) => !isHistoryChange(change)).map((change) => change.field);
    const same =
      sealed.id === amendment.id &&
      sealed.record_id === amendment.record_id &&
      sealed.amended_by === amendment.amended_by &&
      sealed.amended_at === amendment.amended_at.toISOString() &&
      JSON.stringify(sealed.changes.map((change) => change.field)) ===
        JSON.stringify(history.map((change) => change.field)) &&
      JSON.stringify(sealed.contact_fields_changed) === JSON.stringify(contact) &&
      agrees('amendment.reason', amendment.reason) &&
      history.every(
        (change, index) =>
          agrees(`amendment.changes.${index}.from`, change.from) && agrees(`amendment.changes.${index}.to`, change.to),
      );
    return same ? null : mismatch;
  }
  const record = stored.records.get(entry.record_id);
  if (!record) return 'the record it seals is missing';
  if (record.withdrawn_at === null) return 'the record was put back in public view after its withdrawal';
  const sealed = content.withdrawal as Record<string, unknown>;
  const same =
    sealed.record_id === record.id &&
    sealed.withdrawn_by === record.withdrawn_by &&
    sealed.withdrawn_at === record.withdrawn_at.toISOString() &&
    agrees('withdrawal.reason', record.withdrawal_reason);
  return same ? null : mismatch;
}

/** Where a record's current value of a field was sealed: a plain value, or the entry and path of its commitment. */
type SealedValue = { plain: unknown } | { position: number; path: string };

/** The fields whose current values a record's entries seal, and which an amendment may change. */
const CURRENT_FIELDS = ['service_date', 'service_type', 'notes', 'technician_name', 'signed_by'] as const;

/**
 * Where each current value of a format-2 record was sealed last: its record entry, then each amendment entry of it in
 * chain order. `entries` are the vehicle's entries with their kept contents.
 */
function lastSealed(
  recordEntry: { position: number; content: Record<string, unknown> },
  amendments: ReadonlyArray<{ position: number; content: Record<string, unknown> }>,
) {
  const sealed = recordEntry.content.record as Record<string, unknown>;
  const at = (path: string): SealedValue => ({ position: recordEntry.position, path });
  const state: Record<(typeof CURRENT_FIELDS)[number], SealedValue> = {
    service_date: { plain: sealed.service_date },
    service_type: { plain: sealed.service_type },
    notes: at('record.notes'),
    technician_name: at('record.technician_name'),
    signed_by: at('record.signed_by'),
  };
  for (const amendment of amendments) {
    const changes = (amendment.content.amendment as { changes: Array<{ field: string }> }).changes;
    changes.forEach((change, index) => {
      if (change.field in state)
        state[change.field as keyof typeof state] = {
          position: amendment.position,
          path: `amendment.changes.${index}.to`,
        };
    });
  }
  return state;
}

/** A format-2 record with its entries' kept contents, in chain order. */
export interface SealedRecord {
  record: ChainRecord;
  recordEntry: { position: number; content: Record<string, unknown> };
  amendments: ReadonlyArray<{ position: number; content: Record<string, unknown> }>;
}

/**
 * Whether a format-2 record reads now as its entries sealed it last: each current value equals the plain value or
 * the kept value of the commitment that sealed it; where that value was erased, the record must hold none. Answers
 * the first fault (with the entry that sealed the value), or null.
 */
export function currentValueFault(
  sealed: SealedRecord,
  fieldsAt: StoredSide['fieldsAt'],
): { position: number; reason: string } | null {
  const state = lastSealed(sealed.recordEntry, sealed.amendments);
  for (const name of CURRENT_FIELDS) {
    const where = state[name];
    const now = sealed.record[name];
    if ('plain' in where) {
      if (now !== where.plain)
        return { position: sealed.recordEntry.position, reason: 'the record no longer reads as its entries sealed it' };
      continue;
    }
    const kept = fieldsAt(where.position).get(where.path);
    // An erased value is gone from the record too (a date or a service type is never erased, so never null here).
    if (kept ? now !== kept.value : now !== null)
      return { position: where.position, reason: 'the record no longer reads as its entries sealed it' };
  }
  return null;
}

/**
 * What of a format-2 record's entries the public answer discloses: only what the lookup shows of it, while it is
 * public. Its technician (or its signer, whom the lookup shows when no technician is named), its notes and every
 * amendment's reason and new values, each while it is the current value; never a value an amendment replaced, or
 * anything of a withdrawn record.
 */
export function publicDisclosures(
  sealed: SealedRecord,
  fieldsAt: StoredSide['fieldsAt'],
): Map<number, FieldDisclosure[]> {
  const disclosed = new Map<number, FieldDisclosure[]>();
  if (sealed.record.withdrawn_at !== null) return disclosed;
  const disclose = (position: number, path: string) => {
    const kept = fieldsAt(position).get(path);
    if (kept)
      disclosed.set(position, [...(disclosed.get(position) ?? []), { path, value: kept.value, salt: kept.salt }]);
  };
  const state = lastSealed(sealed.recordEntry, sealed.amendments);
  for (const amendment of sealed.amendments) disclose(amendment.position, 'amendment.reason');
  // The lookup shows who signed a record in place of a technician it does not name.
  if (sealed.record.technician_name === null) disclose(sealed.recordEntry.position, 'record.signed_by');
  for (const name of ['service_date', 'service_type', 'notes', 'technician_name'] as const) {
    const where = state[name];
    if (!('plain' in where)) disclose(where.position, where.path);
  }
  for (const list of disclosed.values()) list.sort((a, b) => (a.path < b.path ? -1 : 1));
  return disclosed;
}

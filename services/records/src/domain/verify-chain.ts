/**
 * Verifying a vehicle's chain (GET service-records/verify/{registration}): every entry's hash, link, position and
 * receipt, the stored head, and that everything of the vehicle is in the chain. Format-1 entries are recomputed from
 * the rows (verify-recomputed-entries.ts), format-2 entries read from what they kept (verify-sealed-fields.ts), and
 * receipts checked against the key history (verify-receipt-signatures.ts).
 */
import type { FieldDisclosure } from '@sh/shared/transparency-log';
import type { ServiceRecordRow, WithdrawalColumns } from '../store/service-record-row.js';
import { hashEntryContent, type SealedAmendment } from './chain-entry.js';
import { signatureChecker, type HistoryKey } from './verify-receipt-signatures.js';
import { originalRecords, sealedContent } from './verify-recomputed-entries.js';
import {
  currentValueFault,
  publicDisclosures,
  readKeptContent,
  sealedFieldFault,
  type SealedRecord,
  type StoredSide,
} from './verify-sealed-fields.js';

/** A stored entry of a vehicle's chain. */
export interface StoredEntry {
  position: number;
  kind: 'record' | 'amendment' | 'withdrawal';
  record_id: string;
  /** The amendment an amendment entry seals (null for the other kinds). */
  amendment_id: string | null;
  hash: string;
  prev_hash: string | null;
  /** The entry's receipt: when it was signed, the Ed25519 signature (base64) and the id of the key that made it. */
  signed_at: Date;
  signature: string;
  key_id: string;
  /** Its leaf in the transparency log, or null while it is not yet there (absent: not read). */
  leaf_index?: number | null;
  /** 1: hashed its values (recomputed here from the rows); 2: salted commitments, content kept (migration 008). */
  format: 1 | 2;
  /** The canonical JSON a format-2 entry hashed; null for format 1. */
  content: string | null;
}

/** A format-2 entry's committed field, as entry_fields keeps it until a withdrawal or an erasure deletes it. */
export interface StoredField {
  position: number;
  path: string;
  value: string | null;
  salt: string;
}

/** A record as it reads now, with its withdrawal (null while it is public). */
export type ChainRecord = ServiceRecordRow &
  Pick<WithdrawalColumns, 'withdrawn_at' | 'withdrawn_by' | 'withdrawal_reason'>;

/** What is stored for one vehicle: its entries in order, its head, its records as they read now and their amendments. */
export interface StoredChain {
  registration: string;
  entries: readonly StoredEntry[];
  head: { length: number; headHash: string | null } | null;
  /** The vehicle's records, in order of entry, and any other record an entry names. */
  records: readonly ChainRecord[];
  /** Every stored amendment of those records. */
  amendments: readonly SealedAmendment[];
  /** The kept values and salts of the format-2 entries' commitments. */
  fields: readonly StoredField[];
}

export type BrokenAt = { position: number; record_id: string | null; reason: string };

export interface ChainVerdict {
  valid: boolean;
  length: number;
  head: string | null;
  brokenAt: BrokenAt | null;
  entries: Array<{
    position: number;
    kind: StoredEntry['kind'];
    record_id: string;
    hash: string;
    prev_hash: string | null;
    format: 1 | 2;
    /** Null for what is no longer public of a format-1 entry (ZChainEntrySchema). */
    content: Record<string, unknown> | null;
    disclosures: FieldDisclosure[];
    signed_at: string;
    signature: string;
    key_id: string;
    leaf_index: number | null;
  }>;
}

/**
 * Recomputes a vehicle's chain from what is stored, and checks every entry's receipt signature against the key its
 * key_id names in `keys` (the published key history). Records hold their current values, so each record is first walked
 * back through its amendments, newest first: each amendment's new values must be what the record reads at that
 * point, and its old values are put back. What is left is the record as logged, which its entry's hash must match.
 * Then every entry's hash (record, amendment, withdrawal), each link, the positions 1..n and the stored head are
 * checked, and that every record, amendment and withdrawal of the vehicle is in the chain. Format-2 entries are
 * checked from the content they kept instead (verify-sealed-fields.ts). Answers the first break, and every entry with
 * only what is public of it: the content of a format-1 entry only while none of it was withdrawn or replaced, and of a
 * format-2 entry its commitments with the values the lookup shows.
 */
export function verifyChain(chain: StoredChain, keys: readonly HistoryKey[]): ChainVerdict {
  const checkSignature = signatureChecker(chain.registration, keys);
  const records = new Map(chain.records.map((record) => [record.id, record]));
  const amendments = new Map(chain.amendments.map((amendment) => [amendment.id, amendment]));
  const { originals, failures } = originalRecords(chain.entries, chain.records, amendments);
  const fieldsByPosition = new Map<number, Map<string, StoredField>>();
  for (const field of chain.fields)
    fieldsByPosition.set(field.position, (fieldsByPosition.get(field.position) ?? new Map()).set(field.path, field));
  const side: StoredSide = { records, amendments, fieldsAt: (position) => fieldsByPosition.get(position) ?? new Map() };
  const sealedRecords = new Map<string, SealedRecord>();
  const entries: ChainVerdict['entries'] = [];
  const sealedRecordIds = new Set<string>();
  let previousHash: string | null = null;

  for (const [index, entry] of chain.entries.entries()) {
    const position = index + 1;
    const fail = (reason: string) => failures.push({ position, record_id: entry.record_id, reason });
    if (entry.position !== position) fail(`entry ${position} is missing`);
    if (entry.prev_hash !== previousHash) fail('its link to the previous entry does not match');
    const link = { position: entry.position, prevHash: entry.prev_hash };
    const sealed =
      entry.format === 2
        ? keptContent(entry, link, side, sealedRecordIds, sealedRecords)
        : sealedContent(entry, link, { originals, records, amendments, sealedRecordIds });
    if ('reason' in sealed) {
      fail(sealed.reason);
    } else {
      if (entry.format === 1 && hashEntryContent(sealed.content) !== entry.hash)
        fail(`the ${SEALED_NAME[entry.kind]} no longer matches its hash`);
      if (entry.format === 2) {
        const fault = sealedFieldFault(entry, sealed.content, side);
        if (fault) fail(fault);
      }
      entries.push({
        position: entry.position,
        kind: entry.kind,
        record_id: entry.record_id,
        hash: entry.hash,
        prev_hash: entry.prev_hash,
        format: entry.format,
        content: entry.format === 2 || isStillPublic(entry, chain) ? sealed.content : null,
        disclosures: [],
        signed_at: entry.signed_at.toISOString(),
        signature: entry.signature,
        key_id: entry.key_id,
        leaf_index: entry.leaf_index ?? null,
      });
    }
    const signatureFault = checkSignature(entry);
    if (signatureFault) fail(signatureFault);
    if (entry.kind === 'record') sealedRecordIds.add(entry.record_id);
    previousHash = entry.hash;
  }

  const answered = new Map(entries.map((entry) => [entry.position, entry]));
  for (const sealed of sealedRecords.values()) {
    const fault = currentValueFault(sealed, side.fieldsAt);
    if (fault) failures.push({ ...fault, record_id: sealed.record.id });
    for (const [position, disclosures] of publicDisclosures(sealed, side.fieldsAt)) {
      const entry = answered.get(position);
      if (entry) entry.disclosures = disclosures;
    }
  }

  const length = chain.entries.length;
  const headHash = chain.entries.at(-1)?.hash ?? null;
  const broken =
    firstByPosition(failures) ??
    (chain.head && (chain.head.length !== length || chain.head.headHash !== headHash)
      ? {
          position: Math.min(chain.head.length, length) || 1,
          record_id: null,
          reason: 'entries are missing from the end of the chain',
        }
      : null) ??
    outsideTheChain(chain, length);
  return { valid: broken === null, length, head: headHash, brokenAt: broken, entries };
}

const SEALED_NAME = { record: 'record', amendment: 'amendment', withdrawal: 'withdrawal' } as const;

/**
 * A format-2 entry's kept content, read and checked against its place (verify-sealed-fields.ts); a record entry and
 * the amendment entries after it are gathered for the record's current values and disclosures.
 */
function keptContent(
  entry: StoredEntry,
  link: { position: number; prevHash: string | null },
  side: StoredSide,
  sealedRecordIds: ReadonlySet<string>,
  sealedRecords: Map<string, SealedRecord>,
): { content: Record<string, unknown> } | { reason: string } {
  if (entry.kind !== 'record' && !sealedRecordIds.has(entry.record_id))
    return { reason: 'the record it concerns is not earlier in the chain' };
  const kept = readKeptContent(entry, link);
  if ('reason' in kept) return kept;
  const record = side.records.get(entry.record_id);
  if (entry.kind === 'record' && record) {
    sealedRecords.set(record.id, {
      record,
      recordEntry: { position: entry.position, content: kept.content },
      amendments: [],
    });
  } else if (entry.kind === 'amendment') {
    const sealed = sealedRecords.get(entry.record_id);
    if (sealed)
      sealedRecords.set(entry.record_id, {
        ...sealed,
        amendments: [...sealed.amendments, { position: entry.position, content: kept.content }],
      });
  }
  return kept;
}

/**
 * Whether a format-1 entry's content is still all public: a record entry of a record never withdrawn or amended (an
 * amendment's entry holds the values it replaced; a withdrawal's, its reason).
 */
function isStillPublic(entry: StoredEntry, chain: StoredChain): boolean {
  if (entry.kind !== 'record') return false;
  const record = chain.records.find((candidate) => candidate.id === entry.record_id);
  return (
    record !== undefined &&
    record.withdrawn_at === null &&
    !chain.entries.some((other) => other.kind === 'amendment' && other.record_id === entry.record_id)
  );
}

/** Something of the vehicle that no entry seals: a record, an amendment or a withdrawal. */
function outsideTheChain(chain: StoredChain, length: number): BrokenAt | null {
  const sealed = (kind: StoredEntry['kind'], id: string) =>
    chain.entries.some(
      (entry) => entry.kind === kind && (kind === 'amendment' ? entry.amendment_id === id : entry.record_id === id),
    );
  const own = chain.records.filter((record) => record.vehicle_registration === chain.registration);
  const unsealedRecord = own.find((record) => !sealed('record', record.id));
  if (unsealedRecord)
    return { position: length + 1, record_id: unsealedRecord.id, reason: 'a record was stored outside the chain' };
  const unsealedAmendment = chain.amendments.find((amendment) => !sealed('amendment', amendment.id));
  if (unsealedAmendment)
    return {
      position: length + 1,
      record_id: unsealedAmendment.record_id,
      reason: 'an amendment was stored outside the chain',
    };
  const unsealedWithdrawal = own.find((record) => record.withdrawn_at !== null && !sealed('withdrawal', record.id));
  if (unsealedWithdrawal)
    return {
      position: length + 1,
      record_id: unsealedWithdrawal.id,
      reason: 'a record was withdrawn outside the chain',
    };
  return null;
}

function firstByPosition(failures: readonly BrokenAt[]): BrokenAt | null {
  return failures.reduce<BrokenAt | null>(
    (first, failure) => (first === null || failure.position < first.position ? failure : first),
    null,
  );
}

import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { FieldDisclosure } from '@sh/shared/transparency-log';
import type { ServiceRecordRow, WithdrawalColumns } from '../store/service-record-row.js';
import { isHistoryChange } from './amendment-changes.js';
import {
  amendmentEntryContent,
  hashEntryContent,
  receiptMessage,
  recordEntryContent,
  withdrawalEntryContent,
  type SealedAmendment,
} from './chain-entry.js';
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

/**
 * A key of the published history (service-records/signing-key): its SPKI PEM public half (null when only its id is
 * known) and the first and last signature it is known to have made (ISO 8601; null before its first is written).
 */
export interface HistoryKey {
  keyId: string;
  publicKey: string | null;
  from: string | null;
  until: string | null;
}

/**
 * How far a signature may fall outside its key's recorded period and still count as made in it. The period lags the
 * signatures: the last use is written at most once a second, after the entry's transaction, and a process that dies
 * before its next write leaves the latest second or so unwritten (a failed write is retried with the next). A
 * minute covers that with room to spare, and still refuses a retired key used to sign an entry dated after it retired.
 */
export const KEY_PERIOD_MARGIN_MS = 60_000;

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

type BrokenAt = { position: number; record_id: string | null; reason: string };

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

/**
 * Checks an entry's receipt: the Ed25519 signature over its fields (receiptMessage) by the key its key_id names, made
 * within that key's period (give or take KEY_PERIOD_MARGIN_MS; a bound not yet written is not checked). Answers why
 * it fails, or null. Each key's PEM is parsed once.
 */
function signatureChecker(registration: string, keys: readonly HistoryKey[]): (entry: StoredEntry) => string | null {
  const known = new Map<string, { publicKey: KeyObject | null; from: number | null; until: number | null }>();
  for (const key of keys) {
    known.set(key.keyId, {
      publicKey: key.publicKey === null ? null : parsePublicKey(key.publicKey),
      from: key.from === null ? null : Date.parse(key.from),
      until: key.until === null ? null : Date.parse(key.until),
    });
  }
  return (entry) => {
    const key = known.get(entry.key_id);
    // A key known only by id cannot check anything: to the reader it is as unpublished as one never heard of.
    if (!key?.publicKey) return 'it names a signing key we never published';
    const message = receiptMessage({
      hash: entry.hash,
      position: entry.position,
      prev_hash: entry.prev_hash,
      registration,
      signed_at: entry.signed_at.toISOString(),
    });
    if (!verifies(key.publicKey, message, entry.signature)) return 'its signature does not match';
    const signedAt = entry.signed_at.getTime();
    if (
      (key.from !== null && signedAt < key.from - KEY_PERIOD_MARGIN_MS) ||
      (key.until !== null && signedAt > key.until + KEY_PERIOD_MARGIN_MS)
    ) {
      return 'it was signed when its signing key was not in use';
    }
    return null;
  };
}

/** An Ed25519 public key from its SPKI PEM; anything else (unreadable, another algorithm) is null. */
function parsePublicKey(pem: string): KeyObject | null {
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

function verifies(publicKey: KeyObject, message: string, signatureBase64: string): boolean {
  try {
    return verify(null, Buffer.from(message, 'utf8'), publicKey, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

/**
 * Each record as it was logged: its current values with its amendments undone, newest first. An amendment whose new
 * values are not what the record reads at that point (the record, or the amendment, was changed since) is a break at
 * that amendment's entry.
 */
function originalRecords(
  entries: readonly StoredEntry[],
  records: readonly ChainRecord[],
  amendments: ReadonlyMap<string, SealedAmendment>,
): { originals: Map<string, ServiceRecordRow>; failures: BrokenAt[] } {
  const amendmentsOf = new Map<string, Array<{ position: number; amendment: SealedAmendment }>>();
  for (const [index, entry] of entries.entries()) {
    const amendment = entry.kind === 'amendment' && entry.amendment_id ? amendments.get(entry.amendment_id) : undefined;
    if (!amendment || amendment.record_id !== entry.record_id) continue;
    amendmentsOf.set(entry.record_id, [
      ...(amendmentsOf.get(entry.record_id) ?? []),
      { position: index + 1, amendment },
    ]);
  }
  const originals = new Map<string, ServiceRecordRow>();
  const failures: BrokenAt[] = [];
  for (const record of records) {
    const state: Record<string, string | null> = {
      service_type: record.service_type,
      notes: record.notes,
      service_date: record.service_date,
    };
    for (const { position, amendment } of [...(amendmentsOf.get(record.id) ?? [])].reverse()) {
      const historyChanges = amendment.changes.filter(isHistoryChange);
      if (historyChanges.some((change) => state[change.field] !== change.to)) {
        failures.push({
          position,
          record_id: record.id,
          reason: 'the record no longer reads as this amendment left it',
        });
      }
      for (const change of historyChanges) state[change.field] = change.from;
    }
    // A history field's old value is never null but for notes; an amendment that says otherwise fails its own hash.
    originals.set(record.id, {
      ...record,
      service_type: state.service_type ?? '',
      notes: state.notes ?? null,
      service_date: state.service_date ?? '',
    });
  }
  return { originals, failures };
}

/** The content an entry seals, recomputed from what is stored, or why it cannot be. */
function sealedContent(
  entry: StoredEntry,
  link: { position: number; prevHash: string | null },
  stored: {
    originals: ReadonlyMap<string, ServiceRecordRow>;
    records: ReadonlyMap<string, ChainRecord>;
    amendments: ReadonlyMap<string, SealedAmendment>;
    sealedRecordIds: ReadonlySet<string>;
  },
): { content: Record<string, unknown> } | { reason: string } {
  if (entry.kind === 'record') {
    const original = stored.originals.get(entry.record_id);
    return original ? { content: recordEntryContent(original, link) } : { reason: 'the record it seals is missing' };
  }
  if (!stored.sealedRecordIds.has(entry.record_id))
    return { reason: 'the record it concerns is not earlier in the chain' };
  if (entry.kind === 'amendment') {
    const amendment = entry.amendment_id ? stored.amendments.get(entry.amendment_id) : undefined;
    if (!amendment || amendment.record_id !== entry.record_id) return { reason: 'the amendment it seals is missing' };
    return { content: amendmentEntryContent(amendment, link) };
  }
  const record = stored.records.get(entry.record_id);
  if (!record) return { reason: 'the record it seals is missing' };
  if (record.withdrawn_at === null) return { reason: 'the record was put back in public view after its withdrawal' };
  return {
    content: withdrawalEntryContent(
      {
        record_id: record.id,
        withdrawn_by: record.withdrawn_by ?? '',
        withdrawn_at: record.withdrawn_at,
        reason: record.withdrawal_reason ?? '',
      },
      link,
    ),
  };
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

import { createHash, randomBytes } from 'node:crypto';
import {
  canonicalJson,
  fieldCommitmentMessage,
  type FieldCommitment,
  type FieldDisclosure,
} from '@sh/shared/transparency-log';
import type { AmendmentRow } from '../store/amendment-row.js';
import type { ServiceRecordRow } from '../store/service-record-row.js';
import { isHistoryChange } from './amendment-changes.js';

/** Where an entry sits in its vehicle's chain. */
export interface ChainLink {
  position: number;
  prevHash: string | null;
}

/**
 * What a record's entry hashes (format 1 as here; format 2 through sealedContent): the record's history fields (never the customer's contact; `imported: true` for an imported record), its position and the
 * previous entry's hash, so that changing any of them, or any earlier entry, changes this hash and every one after it.
 */
export function recordEntryContent(
  record: ServiceRecordRow,
  link: ChainLink,
  seal: FieldSeal = asItIs,
): Record<string, unknown> {
  return {
    kind: 'record',
    position: link.position,
    prev_hash: link.prevHash,
    record: {
      id: record.id,
      garage_id: record.garage_id,
      vin: record.vin,
      vehicle_registration: record.vehicle_registration,
      service_date: record.service_date,
      mileage: record.mileage,
      service_type: record.service_type,
      notes: seal('record.notes', record.notes),
      technician_name: seal('record.technician_name', record.technician_name),
      signed_by: seal('record.signed_by', record.signed_by),
      created_at: record.created_at.toISOString(),
      // Only an imported record's entry says so (migration 011): every entry sealed before keeps its content.
      ...(record.imported ? { imported: true } : {}),
    },
  };
}

/** What an amendment's entry seals. */
export type SealedAmendment = Pick<
  AmendmentRow,
  'id' | 'record_id' | 'amended_by' | 'amended_at' | 'reason' | 'changes'
>;

/**
 * What an amendment's entry hashes (format 1 as here; format 2 through sealedContent): who (the admin's id), when, why, the old and new values of the history fields it
 * changed, and only the names of the customer-contact fields it changed, whose values are personal data and stay out
 * of the public chain.
 */
export function amendmentEntryContent(
  amendment: SealedAmendment,
  link: ChainLink,
  seal: FieldSeal = asItIs,
): Record<string, unknown> {
  return {
    kind: 'amendment',
    position: link.position,
    prev_hash: link.prevHash,
    amendment: {
      id: amendment.id,
      record_id: amendment.record_id,
      amended_by: amendment.amended_by,
      amended_at: amendment.amended_at.toISOString(),
      reason: seal('amendment.reason', amendment.reason),
      changes: amendment.changes.filter(isHistoryChange).map((change, index) => ({
        field: change.field,
        from: seal(`amendment.changes.${index}.from`, change.from),
        to: seal(`amendment.changes.${index}.to`, change.to),
      })),
      contact_fields_changed: amendment.changes
        .filter((change) => !isHistoryChange(change))
        .map((change) => change.field),
    },
  };
}

/** What a record's withdrawal seals. */
export interface SealedWithdrawal {
  record_id: string;
  withdrawn_by: string;
  withdrawn_at: Date;
  reason: string;
}

/** What a withdrawal's entry hashes (format 1 as here; format 2 through sealedContent): which record left the public history, who withdrew it, when and why. */
export function withdrawalEntryContent(
  withdrawal: SealedWithdrawal,
  link: ChainLink,
  seal: FieldSeal = asItIs,
): Record<string, unknown> {
  return {
    kind: 'withdrawal',
    position: link.position,
    prev_hash: link.prevHash,
    withdrawal: {
      record_id: withdrawal.record_id,
      withdrawn_by: withdrawal.withdrawn_by,
      withdrawn_at: withdrawal.withdrawn_at.toISOString(),
      reason: seal('withdrawal.reason', withdrawal.reason),
    },
  };
}

/**
 * A format-2 entry as sealing makes it: its content, in which every personal or free-text field is a salted
 * commitment, and those fields' values and salts, stored beside the entry (entry_fields) and shown while public.
 */
export interface SealedContent {
  content: Record<string, unknown>;
  fields: FieldDisclosure[];
}

/** The commitment to a value under a salt (field-commitment.ts), on Node's synchronous SHA-256. */
export function commitFieldNow(salt: string, value: string | null): string {
  return createHash('sha256').update(fieldCommitmentMessage(salt, value)).digest('hex');
}

/** How an entry's builder writes a personal or free-text field: as it is (format 1), or committed (format 2). */
export type FieldSeal = (path: string, value: string | null) => string | null | FieldCommitment;
const asItIs: FieldSeal = (_path, value) => value;

/** Commits fields under fresh salts, remembering each value and salt by its path. */
function fieldSealer() {
  const fields: FieldDisclosure[] = [];
  const seal: FieldSeal = (path, value) => {
    const salt = randomBytes(16).toString('hex');
    fields.push({ path, value, salt });
    return { commitment: commitFieldNow(salt, value) };
  };
  return { fields, seal };
}

/**
 * Format 2: an entry's content as format 1 has it, marked `format: 2`, with each personal or free-text field (a
 * record's notes, technician and signer; an amendment's reason and its old and new values; a withdrawal's reason)
 * through a salted commitment, so that a withdrawal or an erasure can delete it and leave the entry verifiable.
 */
export function sealedContent(contentOf: (seal: FieldSeal) => Record<string, unknown>): SealedContent {
  const { fields, seal } = fieldSealer();
  return { content: { format: 2, ...contentOf(seal) }, fields };
}

/** SHA-256 (hex) over the canonical JSON of an entry's content. */
export function hashEntryContent(content: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

/** The receipt fields that are signed. */
export interface ReceiptFields {
  hash: string;
  position: number;
  prev_hash: string | null;
  registration: string;
  signed_at: string;
}

/** The exact text a receipt's Ed25519 signature covers: the canonical JSON of its fields. */
export function receiptMessage(fields: ReceiptFields): string {
  return canonicalJson({
    hash: fields.hash,
    position: fields.position,
    prev_hash: fields.prev_hash,
    registration: fields.registration,
    signed_at: fields.signed_at,
  });
}

/** RFC 8785 (JCS) canonical JSON: one byte sequence for one meaning, the same code the visitor's browser runs. */
export { canonicalJson };

import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { AmendmentRow } from '../store/amendment-row.js';
import type { ServiceRecordRow } from '../store/service-record-row.js';
import { isHistoryChange } from './amendment-changes.js';

/** Where an entry sits in its vehicle's chain. */
export interface ChainLink {
  position: number;
  prevHash: string | null;
}

/**
 * What a record's entry hashes: the record's history fields (never the customer's contact), its position and the
 * previous entry's hash, so that changing any of them, or any earlier entry, changes this hash and every one after it.
 */
export function recordEntryContent(record: ServiceRecordRow, link: ChainLink): Record<string, unknown> {
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
      notes: record.notes,
      technician_name: record.technician_name,
      signed_by: record.signed_by,
      created_at: record.created_at.toISOString(),
    },
  };
}

/** What an amendment's entry seals. */
export type SealedAmendment = Pick<AmendmentRow, 'id' | 'record_id' | 'amended_by' | 'amended_at' | 'reason' | 'changes'>;

/**
 * What an amendment's entry hashes: who (the admin's id), when, why, the old and new values of the history fields it
 * changed, and only the names of the customer-contact fields it changed, whose values are personal data and stay out
 * of the public chain.
 */
export function amendmentEntryContent(amendment: SealedAmendment, link: ChainLink): Record<string, unknown> {
  return {
    kind: 'amendment',
    position: link.position,
    prev_hash: link.prevHash,
    amendment: {
      id: amendment.id,
      record_id: amendment.record_id,
      amended_by: amendment.amended_by,
      amended_at: amendment.amended_at.toISOString(),
      reason: amendment.reason,
      changes: amendment.changes.filter(isHistoryChange).map((change) => ({ field: change.field, from: change.from, to: change.to })),
      contact_fields_changed: amendment.changes.filter((change) => !isHistoryChange(change)).map((change) => change.field),
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

/** What a withdrawal's entry hashes: which record left the public history, who withdrew it, when and why. */
export function withdrawalEntryContent(withdrawal: SealedWithdrawal, link: ChainLink): Record<string, unknown> {
  return {
    kind: 'withdrawal',
    position: link.position,
    prev_hash: link.prevHash,
    withdrawal: {
      record_id: withdrawal.record_id,
      withdrawn_by: withdrawal.withdrawn_by,
      withdrawn_at: withdrawal.withdrawn_at.toISOString(),
      reason: withdrawal.reason,
    },
  };
}

/** RFC 8785 (JCS) canonical JSON of a value: one byte sequence for one meaning, whoever computes it. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('value has no canonical JSON form');
  return text;
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

/**
 * What makes a service record checkable (docs/architecture.md#integrity-hash-chains-and-receipts): its signed
 * receipt, the keys that sign receipts, each vehicle's hash chain that anyone can recompute, and where a receipt's
 * entry stands in the transparency log.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { ZRegistrationSchema } from './registration.js';
import { ZLogCheckpointResponseSchema, ZLogInclusionProofResponseSchema } from './transparency-log.js';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The signed receipt of a record's entry in its vehicle's chain. `signature` is Ed25519 (base64) by the records
 * service's key (GET /service-records/signing-key) over the RFC 8785 canonical JSON of
 * {hash, position, prev_hash, registration, signed_at}.
 */
export const ZReceiptSchema = z.object({
  hash: sha256Hex,
  prev_hash: sha256Hex.nullable(),
  position: z.number().int().min(1),
  registration: z.string(),
  signed_at: z.string(),
  signature: z.string(),
  /** The key that made the signature: one of GET /service-records/signing-key's keys (not itself signed). */
  key_id: z.string(),
  /**
   * The entry's index in the transparency log (GET /service-records/log/proof/inclusion?leaf=): not part of the
   * signed message. Null only for an entry stored before the log that start-up has not appended yet.
   */
  leaf_index: z.number().int().min(0).nullable(),
});
export type TReceipt = z.infer<typeof ZReceiptSchema>;

/** GET /service-records/signing-key: the Ed25519 public key that signs receipts. */
/** A key that has signed receipts, and when: its first and last signature so far (null before its first). */
export const ZPublishedSigningKeySchema = z.object({
  keyId: z.string(),
  publicKey: z.string(),
  from: z.string().nullable(),
  until: z.string().nullable(),
});
export type TPublishedSigningKey = z.infer<typeof ZPublishedSigningKeySchema>;

/**
 * GET /service-records/signing-key: the key that signs receipts now (publicKey, keyId) and every key that ever has
 * (keys, oldest first), so a receipt is checked with the key its key_id names, whenever it was signed.
 */
export const ZSigningKeyResponseSchema = successEnvelope(
  z.object({
    algorithm: z.literal('Ed25519'),
    publicKey: z.string(),
    keyId: z.string(),
    keys: z.array(ZPublishedSigningKeySchema),
  }),
);

/** One entry of a vehicle's chain, with the fields its hash covers. */
export const ZChainEntrySchema = z.object({
  position: z.number().int().min(1),
  /** record: a service as logged; amendment: an admin's correction of it; withdrawal: its removal from public view. */
  kind: z.enum(['record', 'amendment', 'withdrawal']),
  record_id: z.string().uuid(),
  hash: sha256Hex,
  prev_hash: sha256Hex.nullable(),
  /**
   * 1: the entry hashed its fields' values (sealed before salted commitments); 2: its personal and free-text fields are
   * salted commitments (transparency-log/field-commitment.ts).
   */
  format: z.union([z.literal(1), z.literal(2)]),
  /**
   * The fields hashed: SHA-256 over the RFC 8785 canonical JSON of this object is `hash`. Null where a format-1 entry
   * holds what is no longer public (a withdrawn record's, or values an amendment replaced): its hash and leaf still
   * stand, but its content is not shown again.
   */
  content: z.record(z.string(), z.unknown()).nullable(),
  /** The values and salts of the format-2 content's commitments that are public now: what the lookup shows. */
  disclosures: z.array(z.object({ path: z.string(), value: z.string().nullable(), salt: z.string() })),
  /**
   * The entry's receipt: `signature` is Ed25519 (base64), by the key `key_id` names in service-records/signing-key,
   * over the canonical JSON of {hash, position, prev_hash, registration, signed_at}.
   */
  signed_at: z.string(),
  signature: z.string(),
  key_id: z.string(),
  /**
   * The entry's leaf in the transparency log (its leaf bytes: log-entry.ts), for service-records/log/proof/inclusion;
   * null while it is not yet in the log.
   */
  leaf_index: z.number().int().min(0).nullable(),
});
export type TChainEntry = z.infer<typeof ZChainEntrySchema>;

/** GET /service-records/verify/{registration}: the chain recomputed from the stored records. */
export const ZVerifyChainRequestSchema = z.object({ registration: ZRegistrationSchema });
export const ZVerifyChainResponseSchema = successEnvelope(
  z.object({
    registration: z.string(),
    valid: z.boolean(),
    length: z.number().int().min(0),
    head: sha256Hex.nullable(),
    /** The first entry that does not match, when the chain is broken. */
    brokenAt: z
      .object({ position: z.number().int(), record_id: z.string().uuid().nullable(), reason: z.string() })
      .nullable(),
    entries: z.array(ZChainEntrySchema),
  }),
);
export type TVerifyChainResponse = z.infer<typeof ZVerifyChainResponseSchema>;
export type TChainCheck = TVerifyChainResponse['data'];

/**
 * Where a receipt's entry stands in the transparency log. `included`: the first checkpoint whose tree size is larger
 * than the entry's leaf index (the one that first covered it), and the entry's RFC 9162 inclusion proof against it.
 * `awaiting_checkpoint`: in the log, but signed after the latest checkpoint (one is signed within a minute while the
 * log grows). `not_in_log`: stored before the log, and not appended yet (records appends such entries when it starts).
 */
export const ZReceiptInclusionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('included'),
    checkpoint: ZLogCheckpointResponseSchema.shape.data,
    proof: ZLogInclusionProofResponseSchema.shape.data,
  }),
  z.object({ status: z.literal('awaiting_checkpoint') }),
  z.object({ status: z.literal('not_in_log') }),
]);
export type TReceiptInclusion = z.infer<typeof ZReceiptInclusionSchema>;

/** GET /service-records/receipts/{id}: one of the garage's own records' receipt, with where its entry stands in the log. */
export const ZGarageReceiptResponseSchema = successEnvelope(
  z.object({ receipt: ZReceiptSchema, inclusion: ZReceiptInclusionSchema }),
);
export type TGarageReceipt = z.infer<typeof ZGarageReceiptResponseSchema>['data'];

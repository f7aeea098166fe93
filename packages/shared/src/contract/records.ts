import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.js';
import { REGISTRATION_MAX_LENGTH } from './constants.js';
import { successEnvelope } from './envelope.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isUkRegistration, UK_PHONE_PATTERN } from './patterns.js';
import { MESSAGES } from './messages.js';
import { normaliseRegistration } from './constants.js';
import { ZRegistrationSchema } from './registration.js';

/** Path parameters of GET /service-records/lookup/{registration}. */
export const ZLookupRequestSchema = z.object({ registration: ZRegistrationSchema });
export type TLookupRequest = z.infer<typeof ZLookupRequestSchema>;

/** A service record as the public lookup shows it, with the garage that did the work. */
export const ZPublicServiceRecordSchema = z.object({
  id: z.string().uuid(),
  garage_id: z.string().uuid(),
  vin: z.string(),
  vehicle_registration: z.string(),
  service_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  mileage: z.number().int().nullable(),
  service_type: z.string(),
  notes: z.string().nullable(),
  technician_name: z.string().nullable(),
  created_at: z.string(),
  /** True when this record's mileage is lower than that of an earlier-dated record of the same vehicle (possible clocking). */
  mileage_anomaly: z.boolean(),
  garage: z.object({ name: z.string(), address: z.string() }),
  /** The platform's corrections of this record, oldest first: shown as "Amended on {date} by the platform: {reason}". */
  amendments: z.array(z.object({ amended_at: z.string(), reason: z.string() })),
});
export type TPublicServiceRecord = z.infer<typeof ZPublicServiceRecordSchema>;

/** The lookup's answer: the vehicle's records, newest service date first (then newest entry first). */
export const ZLookupResponseSchema = successEnvelope(z.object({ serviceRecords: z.array(ZPublicServiceRecordSchema) }));
export type TLookupResponse = z.infer<typeof ZLookupResponseSchema>;

// The garage's calls (docs/product.md#adding-a-service): the VIN lookup, the vehicle check, creation and the garage's own list,
// and the integrity chain anyone can check (docs/architecture.md#integrity-hash-chains-and-receipts).

/** Mileage is a whole number of miles from 0 to this (docs/product.md#adding-a-service). */
export const MILEAGE_MAX = 999_999;
/** The longest note a record keeps. */
export const NOTES_MAX_LENGTH = 2000;
/** The most records one page of a garage's list holds. */
export const MY_RECORDS_PAGE_MAX = 100;
export const MY_RECORDS_PAGE_DEFAULT = 20;
/** How the selected services are joined into service_type (docs/product.md#adding-a-service). */
export const SERVICE_TYPE_SEPARATOR = ', ';

/** A registration a record is stored under: normalised, then one of the UK formats. */
export const ZUkRegistrationSchema = z
  .string({ error: MESSAGES.records.registrationInvalid })
  .max(32, MESSAGES.records.registrationInvalid)
  .transform(normaliseRegistration)
  .refine(isUkRegistration, MESSAGES.records.registrationInvalid);

/** A VIN: normalised, 17 letters and digits without I, O or Q (ISO 3779). */
export const ZVinSchema = z
  .string({ error: MESSAGES.records.vinRequired })
  .max(64, MESSAGES.records.vinInvalid)
  .transform(normaliseRegistration)
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.records.vinRequired, abort: true })
      .regex(/^[A-HJ-NPR-Z0-9]{17}$/, MESSAGES.records.vinInvalid),
  );

const SERVICE_ITEM_NAMES: ReadonlySet<string> = new Set(SERVICE_CATEGORIES.flatMap((category) => [...category.items]));

/** Whether a name is one of the checklist's items. */
export function isServiceItem(name: string): boolean {
  return SERVICE_ITEM_NAMES.has(name);
}

/** Joins the chosen checklist items the way service_type stores them. */
export function joinServiceItems(items: readonly string[]): string {
  return items.join(SERVICE_TYPE_SEPARATOR);
}

/** service_type as created: one or more checklist items, each once, joined by comma and space. */
export const ZServiceTypeSchema = z
  .string({ error: MESSAGES.records.serviceTypeRequired })
  .max(2000, MESSAGES.records.serviceTypeUnknown)
  .refine((value) => value.trim().length > 0, { error: MESSAGES.records.serviceTypeRequired, abort: true })
  .refine((value) => {
    const items = value.split(SERVICE_TYPE_SEPARATOR);
    return items.every(isServiceItem) && new Set(items).size === items.length;
  }, MESSAGES.records.serviceTypeUnknown);

/** Mileage in miles: required, a whole number from 0 to 999,999. */
export const ZMileageSchema = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? MESSAGES.records.mileageRequired
        : MESSAGES.records.mileageInvalid,
  })
  .int(MESSAGES.records.mileageInvalid)
  .min(0, MESSAGES.records.mileageInvalid)
  .max(MILEAGE_MAX, MESSAGES.records.mileageInvalid);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max * 2, message)
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : null));
/** A customer's e-mail, optional: empty becomes null. */
export const ZCustomerEmailSchema = z
  .string()
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.records.customerEmailInvalid, abort: true })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), MESSAGES.records.customerEmailInvalid)
  .nullish()
  .transform((value) => (value ? value : null));
/** A customer's UK phone, optional: spaces removed, empty becomes null. */
export const ZCustomerPhoneSchema = z
  .string()
  .max(40, MESSAGES.records.customerPhoneInvalid)
  .transform((raw) => raw.replace(/\s+/g, ''))
  .refine((value) => value === '' || UK_PHONE_PATTERN.test(value), MESSAGES.records.customerPhoneInvalid)
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * POST /service-records: a garage logs a service (docs/product.md#adding-a-service). The garage is the caller's token's;
 * service_date is set by the server to today in Europe/London, so neither is taken from here (a garage_id
 * that is not the caller's is refused). full_name and password sign the record: the password is re-checked
 * by identity and never stored.
 */
export const ZCreateServiceRecordRequestSchema = z.object({
  garage_id: z.string().uuid().optional(),
  vin: ZVinSchema,
  vehicle_registration: ZUkRegistrationSchema,
  mileage: ZMileageSchema,
  service_type: ZServiceTypeSchema,
  notes: optionalText(NOTES_MAX_LENGTH, MESSAGES.records.notesTooLong),
  technician_name: optionalText(100, MESSAGES.records.technicianTooLong),
  customer_email: ZCustomerEmailSchema,
  customer_phone: ZCustomerPhoneSchema,
  vehicleCheck: z.boolean().optional(),
  full_name: z
    .string({ error: MESSAGES.submit.fillAllFields })
    .max(200, MESSAGES.submit.fillAllFields)
    .trim()
    .min(1, MESSAGES.submit.fillAllFields)
    .max(100, MESSAGES.submit.fillAllFields),
  password: z
    .string({ error: MESSAGES.submit.fillAllFields })
    .min(1, MESSAGES.submit.fillAllFields)
    .max(200, MESSAGES.submit.fillAllFields),
});
export type TCreateServiceRecordRequest = z.infer<typeof ZCreateServiceRecordRequestSchema>;
/** What the form holds before parsing (strings and numbers as typed). */
export type TCreateServiceRecordInput = z.input<typeof ZCreateServiceRecordRequestSchema>;

/** The header that makes a retried submit answer the first record instead of storing a second. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** An Idempotency-Key: 8 to 100 visible ASCII characters (a UUID is usual). */
export const ZIdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,100}$/, 'The Idempotency-Key header must be 8 to 100 visible characters');

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

/** A record as its own garage sees it: the public fields, the customer contact, who signed it, and its receipt. */
export const ZGarageServiceRecordSchema = ZPublicServiceRecordSchema.extend({
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  signed_by: z.string().nullable(),
  receipt: ZReceiptSchema.nullable(),
});
export type TGarageServiceRecord = z.infer<typeof ZGarageServiceRecordSchema>;

export const ZCreateServiceRecordResponseSchema = successEnvelope(
  z.object({ serviceRecord: ZGarageServiceRecordSchema, receipt: ZReceiptSchema }),
);
export type TCreateServiceRecordResponse = z.infer<typeof ZCreateServiceRecordResponseSchema>;

/** GET /service-records/vin/{registration}: the VIN last recorded for a registration, and its last mileage. */
export const ZVinLookupRequestSchema = z.object({ registration: ZUkRegistrationSchema });
export const ZVinLookupResponseSchema = successEnvelope(
  z.object({
    vin: z.string(),
    registration: z.string(),
    lastMileage: z.number().int().nullable(),
    lastServiceDate: z.string().nullable(),
  }),
);
export type TVinLookupResponse = z.infer<typeof ZVinLookupResponseSchema>;

/** POST /service-records/validate: whether a VIN and registration are well formed and agree with what is recorded. */
export const ZValidateVehicleRequestSchema = z.object({ vin: ZVinSchema, vehicleRegistration: ZUkRegistrationSchema });
export type TValidateVehicleRequest = z.infer<typeof ZValidateVehicleRequestSchema>;
export const ZVehicleWarningSchema = z.object({
  code: z.literal('vin_mismatch'),
  message: z.string(),
  recordedVin: z.string(),
});
export const ZValidateVehicleResponseSchema = successEnvelope(
  z.object({
    valid: z.literal(true),
    vin: z.string(),
    vehicleRegistration: z.string(),
    lastMileage: z.number().int().nullable(),
    warnings: z.array(ZVehicleWarningSchema),
  }),
);
export type TValidateVehicleResponse = z.infer<typeof ZValidateVehicleResponseSchema>;

/** GET /service-records/mine: the signed-in garage's records, newest service first, one page at a time. */
export const ZMyServiceRecordsQuerySchema = z.object({
  cursor: z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.records.cursorInvalid)
    .optional(),
  limit: z.coerce.number().int().min(1).max(MY_RECORDS_PAGE_MAX).default(MY_RECORDS_PAGE_DEFAULT),
  registration: z
    .string()
    .max(32, MESSAGES.platform.registrationTooLong)
    .transform(normaliseRegistration)
    .pipe(
      z
        .string()
        .max(REGISTRATION_MAX_LENGTH, MESSAGES.platform.registrationTooLong)
        .regex(/^[A-Z0-9]*$/, MESSAGES.platform.registrationInvalidCharacters),
    )
    .optional(),
});
export type TMyServiceRecordsQuery = z.infer<typeof ZMyServiceRecordsQuerySchema>;
export const ZMyServiceRecordsResponseSchema = successEnvelope(
  z.object({ serviceRecords: z.array(ZGarageServiceRecordSchema), nextCursor: z.string().nullable() }),
);
export type TMyServiceRecordsResponse = z.infer<typeof ZMyServiceRecordsResponseSchema>;

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

/** A leaf index or tree size as a query or path parameter: decimal digits, no sign, exponent or leading zero. */
const ZTreeNumberSchema = z
  .string(MESSAGES.transparencyLog.numberInvalid)
  .regex(/^(0|[1-9][0-9]{0,15})$/, MESSAGES.transparencyLog.numberInvalid)
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, MESSAGES.transparencyLog.numberInvalid));

/** A hash in the log's answers: standard padded base64 of 32 bytes, as C2SP and tlog tools write them. */
export const ZLogHashSchema = z.string().regex(/^[A-Za-z0-9+/]{43}=$/);

/** GET /service-records/log/proof/inclusion: the proof of leaf `leaf` in the tree of the first `size` leaves. */
export const ZLogInclusionProofQuerySchema = z.object({ leaf: ZTreeNumberSchema, size: ZTreeNumberSchema });
export type TLogInclusionProofQuery = z.infer<typeof ZLogInclusionProofQuerySchema>;
/** RFC 9162 section 2.1.3: the sibling hashes from the leaf up, lowest first. */
export const ZLogInclusionProofResponseSchema = successEnvelope(
  z.object({
    leafIndex: z.number().int().min(0),
    treeSize: z.number().int().min(1),
    leafHash: ZLogHashSchema,
    hashes: z.array(ZLogHashSchema),
  }),
);
export type TLogInclusionProof = z.infer<typeof ZLogInclusionProofResponseSchema>['data'];

/** GET /service-records/log/proof/consistency: the proof that the tree of `from` leaves is a prefix of that of `to`. */
export const ZLogConsistencyProofQuerySchema = z.object({ from: ZTreeNumberSchema, to: ZTreeNumberSchema });
export type TLogConsistencyProofQuery = z.infer<typeof ZLogConsistencyProofQuerySchema>;
/** RFC 9162 section 2.1.4. */
export const ZLogConsistencyProofResponseSchema = successEnvelope(
  z.object({ from: z.number().int().min(0), to: z.number().int().min(0), hashes: z.array(ZLogHashSchema) }),
);
export type TLogConsistencyProof = z.infer<typeof ZLogConsistencyProofResponseSchema>['data'];

/**
 * GET /service-records/log/checkpoint (the latest) and /log/checkpoint/{size}: a signed C2SP tlog-checkpoint of the
 * transparency log (`note`: origin line, tree size, base64 root hash, blank line, Ed25519 signature lines), with its
 * size and root read out of it.
 */
export const ZLogCheckpointResponseSchema = successEnvelope(
  z.object({ treeSize: z.number().int().min(1), rootHash: ZLogHashSchema, note: z.string() }),
);
export type TLogCheckpoint = z.infer<typeof ZLogCheckpointResponseSchema>['data'];
export const ZLogCheckpointSizeParamSchema = z.object({ size: ZTreeNumberSchema });

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

/** GET /service-records/{id}/receipt: one of the garage's own records' receipt, with where its entry stands in the log. */
export const ZGarageReceiptResponseSchema = successEnvelope(
  z.object({ receipt: ZReceiptSchema, inclusion: ZReceiptInclusionSchema }),
);
export type TGarageReceipt = z.infer<typeof ZGarageReceiptResponseSchema>['data'];

/** A key that has signed the log's checkpoints (C2SP verifier key), with its first and last checkpoint (null before). */
export const ZLogKeySchema = z.object({
  keyId: z.string(),
  verifierKey: z.string(),
  from: z.string().nullable(),
  until: z.string().nullable(),
});
/** GET /service-records/log/key: the log's origin, the verifier key signing now, and every key that has, oldest first. */
export const ZLogKeyResponseSchema = successEnvelope(
  z.object({ origin: z.string(), verifierKey: z.string(), keys: z.array(ZLogKeySchema) }),
);
export type TLogKeys = z.infer<typeof ZLogKeyResponseSchema>['data'];

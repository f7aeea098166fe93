import { requiredText } from './text-fields.js';
import { z } from 'zod';
import { SERVICE_CATEGORIES } from './categories.js';
import { successEnvelope } from './envelope.js';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isUkRegistration, UK_PHONE_PATTERN } from './patterns.js';
import { MESSAGES } from './messages.js';
import { normaliseRegistration } from './constants.js';
import type { TOperation } from './openapi.js';
import { ZReceiptSchema } from './record-integrity.js';
import { ZRegistrationSchema, ZRegistrationSearchSchema } from './registration.js';

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
  /** slug: the garage's public page (/garages/{slug}), absent until records has heard it (docs/product.md#garage-profiles). */
  garage: z.object({ name: z.string(), address: z.string(), slug: z.string().optional() }),
  /** The platform's corrections of this record, oldest first: shown as "Amended on {date} by the platform: {reason}". */
  amendments: z.array(z.object({ amended_at: z.string(), reason: z.string() })),
  /**
   * True for a record imported from its garage's own history (absent otherwise): shown as "Imported on {created_at's
   * date}, serviced on {service_date}", since the log vouches only for when it was received.
   */
  imported: z.boolean().optional(),
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

/**
 * Path parameters of GET /service-records/lookup-by-vin/{vin}: every public record of one vehicle, whatever plate it
 * was logged under (a plate transfer does not split the history). The answer is the lookup's (ZLookupResponseSchema).
 */
export const ZLookupByVinRequestSchema = z.object({ vin: ZVinSchema });
export type TLookupByVinRequest = z.infer<typeof ZLookupByVinRequestSchema>;

/** Beside the lookup by registration (operations/records.ts), as the export's operation is. */
export const LOOKUP_BY_VIN_OPERATION: TOperation = {
  method: 'get',
  path: '/service-records/lookup-by-vin/{vin}',
  operationId: 'lookupVehicleHistoryByVin',
  summary:
    "A vehicle's public service history by its VIN, newest service first: every record with that VIN, whatever registration it was logged under",
  tag: 'Service records',
  auth: 'public',
  service: 'records',
  budget: 'lookup',
  pathParams: ZLookupByVinRequestSchema,
  response: ZLookupResponseSchema,
  errors: [400, 429],
};

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
  password: requiredText(MESSAGES.submit.fillAllFields, 200),
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
export type TCreatedServiceRecord = TCreateServiceRecordResponse['data'];

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
export type TVinLookup = TVinLookupResponse['data'];

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
export type TVehicleCheck = TValidateVehicleResponse['data'];

/** GET /service-records/mine: the signed-in garage's records, newest service first, one page at a time. */
export const ZMyServiceRecordsQuerySchema = z.object({
  cursor: z
    .string()
    .max(300)
    .regex(/^[A-Za-z0-9_-]*$/, MESSAGES.records.cursorInvalid)
    .optional(),
  limit: z.coerce.number().int().min(1).max(MY_RECORDS_PAGE_MAX).default(MY_RECORDS_PAGE_DEFAULT),
  registration: ZRegistrationSearchSchema.optional(),
});
export type TMyServiceRecordsQuery = z.infer<typeof ZMyServiceRecordsQuerySchema>;
export const ZMyServiceRecordsResponseSchema = successEnvelope(
  z.object({ serviceRecords: z.array(ZGarageServiceRecordSchema), nextCursor: z.string().nullable() }),
);
export type TMyServiceRecordsResponse = z.infer<typeof ZMyServiceRecordsResponseSchema>;
export type TMyServiceRecordsPage = TMyServiceRecordsResponse['data'];

/**
 * An admin's corrections of a service record (docs/product.md#the-admin): an edit is an amendment and a delete a
 * withdrawal, both appended to the vehicle's chain; an erasure deletes chosen fields' values for good.
 */
import { z } from 'zod';
import { ZAdminReasonSchema } from './admin-reason.js';
import { ZAdminServiceRecordSchema } from './admin.js';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import { ADMIN_ACTION_MESSAGES } from './admin-action-messages.js';
import { NOTES_MAX_LENGTH, ZCustomerEmailSchema, ZCustomerPhoneSchema, ZServiceTypeSchema } from './records.js';

/** Path parameters of PATCH and DELETE /service-records/{id}: ids must be UUIDs (docs/product.md#validation-rules). */
export const ZServiceRecordIdParamSchema = z.object({ id: z.string().uuid(ADMIN_ACTION_MESSAGES.idInvalid) });

/** A service date as an admin corrects it: a real calendar date (the service checks it is not in the future). */
export const ZCorrectedServiceDateSchema = z
  .string({ error: ADMIN_ACTION_MESSAGES.serviceDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_ACTION_MESSAGES.serviceDateInvalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1950-01-01';
  }, ADMIN_ACTION_MESSAGES.serviceDateInvalid);

/**
 * PATCH /service-records/{id} (admin only): an amendment. Every field but the reason is optional; those given are
 * validated like creation, and at least one must change something (400 otherwise).
 */
export const ZAmendServiceRecordRequestSchema = z.object({
  service_type: ZServiceTypeSchema.optional(),
  notes: z
    .string()
    .max(NOTES_MAX_LENGTH * 2, MESSAGES.records.notesTooLong)
    .trim()
    .max(NOTES_MAX_LENGTH, MESSAGES.records.notesTooLong)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value ? value : null)),
  service_date: ZCorrectedServiceDateSchema.optional(),
  customer_email: ZCustomerEmailSchema.optional(),
  customer_phone: ZCustomerPhoneSchema.optional(),
  reason: ZAdminReasonSchema,
});
export type TAmendServiceRecordRequest = z.infer<typeof ZAmendServiceRecordRequestSchema>;
export type TAmendServiceRecordInput = z.input<typeof ZAmendServiceRecordRequestSchema>;
export const ZAmendServiceRecordResponseSchema = successEnvelope(
  z.object({ serviceRecord: ZAdminServiceRecordSchema }),
);
export type TAmendServiceRecordResponse = z.infer<typeof ZAmendServiceRecordResponseSchema>;

/** DELETE /service-records/{id} (admin only), with the reason as its JSON body: a withdrawal. */
export const ZWithdrawServiceRecordRequestSchema = z.object({ reason: ZAdminReasonSchema });
export type TWithdrawServiceRecordRequest = z.infer<typeof ZWithdrawServiceRecordRequestSchema>;
export const ZWithdrawServiceRecordResponseSchema = successEnvelope(
  z.object({ serviceRecord: ZAdminServiceRecordSchema }),
);

/** What the admin is told of an erasure (kept out of MESSAGES, which the first page loads whole). */
export const ERASURE_MESSAGES = {
  fieldsRequired: 'Choose at least one field to erase',
  fieldsRepeated: 'Name each field once',
  recordErased: 'The chosen fields were erased',
  sealedBeforeErasure:
    'This record was sealed before fields could be erased from it: its entries hash the values themselves, so erasing them would break its history',
} as const;

/**
 * The fields of a garage's record an admin may erase for good (a person's request, a garage's mistake): the sealed
 * personal and free-text fields, and the customer's contact, which no entry seals (docs/product.md#retention).
 */
export const ZErasableFieldSchema = z.enum([
  'notes',
  'technician_name',
  'signed_by',
  'customer_email',
  'customer_phone',
]);
export type TErasableField = z.infer<typeof ZErasableFieldSchema>;
/**
 * POST /service-records/erasures/{id} (admin only): deletes the named fields' values wherever they are kept; the
 * record's entries still verify from their salted commitments (transparency-log/field-commitment.ts).
 */
export const ZEraseRecordFieldsRequestSchema = z.object({
  fields: z
    .array(ZErasableFieldSchema, ERASURE_MESSAGES.fieldsRequired)
    .min(1, ERASURE_MESSAGES.fieldsRequired)
    .refine((fields) => new Set(fields).size === fields.length, ERASURE_MESSAGES.fieldsRepeated),
  reason: ZAdminReasonSchema,
});
export type TEraseRecordFieldsRequest = z.infer<typeof ZEraseRecordFieldsRequestSchema>;
export const ZEraseRecordFieldsResponseSchema = successEnvelope(z.object({ serviceRecord: ZAdminServiceRecordSchema }));

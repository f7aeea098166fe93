import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { normaliseRegistration, ZRegistrationSchema } from './registration.js';

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
});
export type TPublicServiceRecord = z.infer<typeof ZPublicServiceRecordSchema>;

/** The lookup's answer: the vehicle's records, newest service date first (then newest entry first). */
export const ZLookupResponseSchema = successEnvelope(
  z.object({ serviceRecords: z.array(ZPublicServiceRecordSchema) }),
);
export type TLookupResponse = z.infer<typeof ZLookupResponseSchema>;

// The remaining calls of SPEC.md section 7 on service records. Their endpoints arrive with the issues on
// logging services and on the admin tools; the shapes are fixed here so that both sides build on one contract.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date in the form YYYY-MM-DD');
const vinField = z
  .string()
  .transform(normaliseRegistration)
  .pipe(z.string().regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'A VIN has 17 letters and digits (never I, O or Q)'));

/** POST /service-records: a garage logs a service (SPEC.md section 7). */
export const ZCreateServiceRecordRequestSchema = z.object({
  garage_id: z.string().uuid(),
  vin: vinField,
  vehicle_registration: ZRegistrationSchema,
  service_date: isoDate,
  mileage: z.number().int().min(0).max(2_000_000),
  service_type: z.string().trim().min(1).max(1000),
  notes: z.string().trim().max(4000).nullable(),
  technician_name: z.string().trim().max(200).nullable().optional(),
  vehicleCheck: z.boolean().optional(),
});
export type TCreateServiceRecordRequest = z.infer<typeof ZCreateServiceRecordRequestSchema>;
export const ZCreateServiceRecordResponseSchema = successEnvelope(z.object({ id: z.string().uuid() }));

/** PATCH /service-records/{id}: an admin amends a record (kept as an amendment, never overwritten). */
export const ZUpdateServiceRecordRequestSchema = z.object({
  service_type: z.string().trim().min(1).max(1000),
  notes: z.string().trim().max(4000).nullable(),
  service_date: isoDate,
  customer_email: z.string().trim().toLowerCase().max(254).nullable(),
  customer_phone: z.string().trim().max(20).nullable(),
});
export type TUpdateServiceRecordRequest = z.infer<typeof ZUpdateServiceRecordRequestSchema>;

/** GET /service-records/vin/{registration}: the VIN last recorded for a registration, if any. */
export const ZVinLookupResponseSchema = successEnvelope(z.object({ vin: z.string().nullable() }));

/** POST /service-records/validate: whether a VIN and registration belong together as far as the records know. */
export const ZValidateVehicleRequestSchema = z.object({ vin: vinField, vehicleRegistration: ZRegistrationSchema });

/** A record as the admin tools list it: the public fields plus customer contact and the garage's e-mail. */
export const ZAdminServiceRecordSchema = ZPublicServiceRecordSchema.extend({
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  garage: z.object({ name: z.string(), address: z.string(), email: z.string().nullable() }),
});
export type TAdminServiceRecord = z.infer<typeof ZAdminServiceRecordSchema>;

import { z } from 'zod';
import { successEnvelope } from './envelope.js';
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
});
export type TPublicServiceRecord = z.infer<typeof ZPublicServiceRecordSchema>;

/** The lookup's answer: the vehicle's records, newest service date first (then newest entry first). */
export const ZLookupResponseSchema = successEnvelope(
  z.object({ serviceRecords: z.array(ZPublicServiceRecordSchema) }),
);
export type TLookupResponse = z.infer<typeof ZLookupResponseSchema>;

import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { ZRegistrationSchema } from './registration.js';

// The buyer's report beside our records: the vehicle's details from DVLA's Vehicle Enquiry Service and its MOT
// history from DVSA's MOT History API, each fetched by the records service, cached, and answered on their own so
// that the results page shows our records at once and adds these when (and if) they come.

/** Which outside source a part of the report comes from. */
export const ZVehicleSourceSchema = z.enum(['dvla', 'dvsa']);
export type TVehicleSource = z.infer<typeof ZVehicleSourceSchema>;

/** The vehicle as DVLA and DVSA describe it: every field may be missing when its source is. */
export const ZVehicleDetailsSchema = z.object({
  registration: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  colour: z.string().nullable(),
  yearOfManufacture: z.number().int().nullable(),
  fuelType: z.string().nullable(),
  /** Cubic centimetres. */
  engineCapacity: z.number().int().nullable(),
  co2Emissions: z.number().int().nullable(),
  firstUsedDate: z.string().nullable(),
  motStatus: z.string().nullable(),
  motExpiryDate: z.string().nullable(),
  taxStatus: z.string().nullable(),
  taxDueDate: z.string().nullable(),
  /** From DVSA: whether a manufacturer's safety recall is outstanding. Null when DVSA did not answer. */
  hasOutstandingRecall: z.boolean().nullable(),
});
export type TVehicleDetails = z.infer<typeof ZVehicleDetailsSchema>;

/** One MOT test as DVSA reports it, its reading converted to miles. */
export const ZMotTestSchema = z.object({
  motTestNumber: z.string(),
  completedDate: z.string(),
  testResult: z.enum(['PASSED', 'FAILED']),
  expiryDate: z.string().nullable(),
  /** The odometer as recorded, in its own unit, and in miles (null when it was not read). */
  odometerValue: z.number().int().nullable(),
  odometerUnit: z.enum(['MI', 'KM']).nullable(),
  odometerResultType: z.enum(['READ', 'UNREADABLE', 'NO_ODOMETER']),
  odometerMiles: z.number().int().nullable(),
  defects: z.array(
    z.object({
      text: z.string(),
      /** DVSA's kinds: ADVISORY, MINOR, MAJOR, DANGEROUS, FAIL, PRS, USER ENTERED. */
      type: z.string(),
      dangerous: z.boolean(),
    }),
  ),
});
export type TMotTest = z.infer<typeof ZMotTestSchema>;

/** A part of the report that could not be had, and why, in words for the page. */
export const ZMissingSourceSchema = z.object({
  source: ZVehicleSourceSchema,
  reason: z.enum(['not_found', 'unavailable', 'slow']),
  message: z.string(),
});
export type TMissingSource = z.infer<typeof ZMissingSourceSchema>;

/** GET /vehicles/{registration}: the vehicle's details and MOT history (never waits more than 2 s on DVLA or DVSA). */
export const ZVehicleReportRequestSchema = z.object({ registration: ZRegistrationSchema });
export const ZVehicleReportResponseSchema = successEnvelope(
  z.object({
    vehicle: ZVehicleDetailsSchema.nullable(),
    motTests: z.array(ZMotTestSchema),
    missing: z.array(ZMissingSourceSchema),
    /** When each source's answer was fetched (it may come from the cache). */
    fetchedAt: z.object({ dvla: z.string().nullable(), dvsa: z.string().nullable() }),
  }),
);
export type TVehicleReportResponse = z.infer<typeof ZVehicleReportResponseSchema>;
/** The buyer's report beside our records: DVLA's details and DVSA's MOT tests, and what could not be had. */
export type TVehicleReport = TVehicleReportResponse['data'];

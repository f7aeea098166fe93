import { z } from 'zod';
import { successEnvelope } from './envelope.js';

/**
 * GET /platform-figures (issue 26): the only figures the site states about the platform, each counted from records'
 * own data, with the period it covers. The garages page shows them marked as computed.
 */
export const ZPlatformFiguresSchema = z.object({
  /** Garages whose subscription is active or in its free trial now. */
  garagesSubscribed: z.number().int().nonnegative(),
  /** Services in the public history (not withdrawn) whose service date is in the period. */
  servicesLogged: z.number().int().nonnegative(),
  /** Vehicles with at least one such service. */
  vehiclesServiced: z.number().int().nonnegative(),
  /** The period, YYYY-MM-DD on the UK calendar: the 12 months to `to`, both days included. */
  period: z.object({ from: z.string(), to: z.string() }),
  /** When the counts were taken (ISO 8601); they are kept for up to PLATFORM_FIGURES_MAX_AGE_SECONDS. */
  countedAt: z.string(),
});
export type TPlatformFigures = z.infer<typeof ZPlatformFiguresSchema>;
export const ZPlatformFiguresResponseSchema = successEnvelope(ZPlatformFiguresSchema);

/** How long counted figures are kept before they are counted again (records' memory and any HTTP cache). */
export const PLATFORM_FIGURES_MAX_AGE_SECONDS = 900;

import { ZVehicleReportResponseSchema } from '@sh/shared/contract';

/** Finds the MOT expiry DVSA reports for a registration (YYYY-MM-DD), or null when it cannot be had. */
export type MotExpiryLookup = (registration: string) => Promise<string | null>;

/**
 * Asks records for the vehicle report (its public GET /api/v1/vehicles/{registration}, which asks DVSA within the
 * platform's allowance and caches the answer) and answers the latest expiry of a passed MOT test. Records' DVSA client
 * stays records' own: notifications reaches it over HTTP. Anything that fails (records away, DVSA missing, no passed
 * test) answers null, and the reminder falls back to 11 months after the service.
 */
export function motExpiryFromRecords(recordsUrl: string, timeoutMs = 5000): MotExpiryLookup {
  return async (registration) => {
    try {
      const response = await fetch(`${recordsUrl}/api/v1/vehicles/${encodeURIComponent(registration)}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return null;
      const parsed = ZVehicleReportResponseSchema.safeParse(await response.json());
      if (!parsed.success) return null;
      const expiries = parsed.data.data.motTests
        .filter((test) => test.testResult === 'PASSED' && test.expiryDate)
        .map((test) => test.expiryDate!.slice(0, 10))
        .sort();
      return expiries.at(-1) ?? null;
    } catch {
      return null;
    }
  };
}

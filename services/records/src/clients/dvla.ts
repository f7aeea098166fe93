import { z } from 'zod';
import type { RateLimiter } from '@sh/shared/server';
import { askSource, DEFAULT_BACKOFF, readSourceAnswer, takeAllowance, type BackoffPolicy } from './outside-call.js';

/** The real DVLA Vehicle Enquiry Service (only the host differs for the local double). */
export const DVLA_API_URL = 'https://driver-vehicle-licensing.api.gov.uk';
/**
 * Our pace with DVLA's Vehicle Enquiry Service, kept as DVSA's is (DVSA_LIMITS): 15 requests a second, bursts of 10,
 * and a daily allowance that is configured (DVLA_DAILY_ALLOWANCE), since DVLA sets each key's quota itself.
 */
export const DVLA_LIMITS = { perSecond: 15, burst: 10, perDay: 500_000 } as const;

/** What DVLA says about a vehicle (every field but the registration may be left out). */
export const ZDvlaVehicleSchema = z.object({
  registrationNumber: z.string(),
  make: z.string().optional(),
  colour: z.string().optional(),
  yearOfManufacture: z.number().int().optional(),
  fuelType: z.string().optional(),
  engineCapacity: z.number().int().optional(),
  co2Emissions: z.number().int().optional(),
  motStatus: z.string().optional(),
  motExpiryDate: z.string().optional(),
  taxStatus: z.string().optional(),
  taxDueDate: z.string().optional(),
  monthOfFirstRegistration: z.string().optional(),
});
export type DvlaVehicle = z.infer<typeof ZDvlaVehicleSchema>;

export interface DvlaClient {
  /** The vehicle, or null when DVLA holds none with that registration. Rejects when the signal aborts. */
  getVehicle(registration: string, options?: { signal?: AbortSignal }): Promise<DvlaVehicle | null>;
}

export interface DvlaClientOptions {
  baseUrl: string;
  apiKey: string;
  /** The shared allowance (DVLA_LIMITS across every instance, through Redis); absent: no limit of ours. */
  limiter?: RateLimiter;
  backoff?: BackoffPolicy;
}

/**
 * Speaks DVLA's Vehicle Enquiry Service: POST {baseUrl}/vehicle-enquiry/v1/vehicles with the key in x-api-key and
 * {registrationNumber}. Every call first takes a slot from the shared limiter (takeAllowance); a 429 is retried after
 * its Retry-After (or an exponential wait) while the signal allows.
 */
export function createDvlaClient(options: DvlaClientOptions): DvlaClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/vehicle-enquiry/v1/vehicles`;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  return {
    async getVehicle(registration, { signal } = {}) {
      for (let attempt = 0; ; attempt += 1) {
        await takeAllowance('DVLA', options.limiter, signal);
        const response = await askSource('DVLA', url, {
          method: 'POST',
          headers: { 'x-api-key': options.apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ registrationNumber: registration }),
          signal,
        });
        const answer = await readSourceAnswer('DVLA', response, ZDvlaVehicleSchema, { attempt, backoff, signal });
        if (answer !== 'retry') return answer;
      }
    },
  };
}

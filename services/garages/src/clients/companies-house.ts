import { z } from 'zod';
import type { RateLimiter } from '@sh/shared/server';

/** What the garages service needs from a Companies House company profile. */
export interface CompanyProfile {
  companyNumber: string;
  companyName: string;
  companyStatus: string;
}

/** Companies House could not be asked or did not answer sensibly (network, timeout, 5xx, bad key). */
export class CompaniesHouseUnavailableError extends Error {
  override name = 'CompaniesHouseUnavailableError';
}

/** Our share of the Companies House allowance is used up for now. */
export class CompaniesHouseRateLimitedError extends Error {
  override name = 'CompaniesHouseRateLimitedError';
  constructor(readonly retryAfterMs: number) {
    super(`Companies House allowance used up; next call in ${retryAfterMs} ms`);
  }
}

export interface CompaniesHouseClient {
  /** The company's profile, or null when Companies House has no company with that number. */
  getCompany(companyNumber: string): Promise<CompanyProfile | null>;
}

const ZProfileSchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  company_status: z.string(),
});

/**
 * Speaks the Companies House public data API: GET {baseUrl}/company/{number}, the API key as the basic-auth
 * user name with an empty password. Every call first takes a slot from the shared rate limiter.
 */
export function createCompaniesHouseClient(options: {
  baseUrl: string;
  apiKey: string;
  limiter: RateLimiter;
  timeoutMs?: number;
}): CompaniesHouseClient {
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:`).toString('base64')}`;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return {
    async getCompany(companyNumber) {
      let slot: Awaited<ReturnType<RateLimiter['acquire']>>;
      try {
        slot = await options.limiter.acquire();
      } catch (error) {
        throw new CompaniesHouseUnavailableError('rate limiter unavailable', { cause: error });
      }
      if (!slot.isAllowed) throw new CompaniesHouseRateLimitedError(slot.retryAfterMs);

      let response: Response;
      try {
        response = await fetch(`${baseUrl}/company/${encodeURIComponent(companyNumber)}`, {
          headers: { authorization, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
        });
      } catch (error) {
        throw new CompaniesHouseUnavailableError('Companies House did not answer', { cause: error });
      }
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const retryAfterSeconds = Number(response.headers.get('retry-after'));
        throw new CompaniesHouseRateLimitedError(
          Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0 ? retryAfterSeconds * 1000 : 60_000,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new CompaniesHouseUnavailableError(`Companies House answered ${response.status}`);
      }
      const parsed = ZProfileSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new CompaniesHouseUnavailableError('Companies House answered an unexpected profile');
      return {
        companyNumber: parsed.data.company_number,
        companyName: parsed.data.company_name,
        companyStatus: parsed.data.company_status,
      };
    },
  };
}

import { z } from 'zod';
import {
  abortable,
  askSource,
  DEFAULT_BACKOFF,
  readSourceAnswer,
  SourceUnavailableError,
  takeAllowance,
  type BackoffPolicy,
} from './outside-call.js';
import type { RateLimiter } from '@sh/shared/server';

/** The real MOT History API, its token endpoint and scope (only the hosts differ for the local double). */
export const DVSA_API_URL = 'https://history.mot.api.gov.uk';
export const DVSA_TOKEN_URL =
  'https://login.microsoftonline.com/a455b827-244f-4c97-b5b4-ce5d13b4d00c/oauth2/v2.0/token';
export const DVSA_SCOPE = 'https://tapi.dvsa.gov.uk/.default';
/** DVSA's allowance per API key: 15 requests a second, bursts of 10, 500,000 a day. */
export const DVSA_LIMITS = { perSecond: 15, burst: 10, perDay: 500_000 } as const;

const ZOdometerSchema = z.union([z.string(), z.number()]).nullish();
const ZDvsaMotTestSchema = z.object({
  completedDate: z.string(),
  testResult: z.enum(['PASSED', 'FAILED']),
  expiryDate: z.string().nullish(),
  odometerValue: ZOdometerSchema,
  odometerUnit: z.string().nullish(),
  odometerResultType: z.enum(['READ', 'UNREADABLE', 'NO_ODOMETER']).catch('UNREADABLE'),
  motTestNumber: z.string().nullish(),
  defects: z.array(z.object({ text: z.string(), type: z.string(), dangerous: z.boolean().nullish() })).nullish(),
});
const ZDvsaVehicleSchema = z.object({
  registration: z.string(),
  make: z.string().nullish(),
  model: z.string().nullish(),
  fuelType: z.string().nullish(),
  primaryColour: z.string().nullish(),
  firstUsedDate: z.string().nullish(),
  engineSize: z.string().nullish(),
  /** The API's 'Yes' | 'No' | 'Unknown' | 'Unavailable' (a boolean accepted too). */
  hasOutstandingRecall: z.union([z.string(), z.boolean()]).nullish(),
  motTests: z.array(ZDvsaMotTestSchema).nullish(),
});
const ZTokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });

export interface MotHistoryTest {
  motTestNumber: string;
  completedDate: string;
  testResult: 'PASSED' | 'FAILED';
  expiryDate: string | null;
  odometerValue: number | null;
  odometerUnit: 'MI' | 'KM' | null;
  odometerResultType: 'READ' | 'UNREADABLE' | 'NO_ODOMETER';
  defects: { text: string; type: string; dangerous: boolean }[];
}

/** A vehicle's MOT history as DVSA reports it, tidied: numbers as numbers, the recall as a yes, no or unknown. */
export interface MotHistory {
  registration: string;
  make: string | null;
  model: string | null;
  fuelType: string | null;
  primaryColour: string | null;
  firstUsedDate: string | null;
  hasOutstandingRecall: boolean | null;
  motTests: MotHistoryTest[];
}

export interface DvsaClient {
  /** The MOT history, or null when DVSA holds none for that registration. Rejects when the signal aborts. */
  getMotHistory(registration: string, options?: { signal?: AbortSignal }): Promise<MotHistory | null>;
}

export interface DvsaClientOptions {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  scope?: string;
  /** The shared allowance (DVSA_LIMITS across every instance, through Redis); absent: no limit of ours. */
  limiter?: RateLimiter;
  backoff?: BackoffPolicy;
  /** Unix milliseconds, for a test that moves time itself. */
  now?: () => number;
}

function recallOf(value: string | boolean | null | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'Yes') return true;
  if (value === 'No') return false;
  return null;
}

function tidy(raw: z.infer<typeof ZDvsaVehicleSchema>): MotHistory {
  return {
    registration: raw.registration,
    make: raw.make ?? null,
    model: raw.model ?? null,
    fuelType: raw.fuelType ?? null,
    primaryColour: raw.primaryColour ?? null,
    firstUsedDate: raw.firstUsedDate ?? null,
    hasOutstandingRecall: recallOf(raw.hasOutstandingRecall),
    motTests: (raw.motTests ?? []).map((test) => {
      const value =
        test.odometerValue === null || test.odometerValue === undefined || test.odometerValue === ''
          ? NaN
          : Number(test.odometerValue);
      const unit = test.odometerUnit?.toUpperCase();
      return {
        motTestNumber: test.motTestNumber ?? '',
        completedDate: test.completedDate,
        testResult: test.testResult,
        expiryDate: test.expiryDate ?? null,
        odometerValue: Number.isFinite(value) ? Math.round(value) : null,
        odometerUnit: unit === 'MI' || unit === 'KM' ? unit : null,
        odometerResultType: test.odometerResultType,
        defects: (test.defects ?? []).map((d) => ({ text: d.text, type: d.type, dangerous: d.dangerous ?? false })),
      };
    }),
  };
}

/**
 * Speaks DVSA's MOT History API: GET {apiUrl}/v1/trade/vehicles/registration/{registration} with a bearer token from
 * the OAuth2 client-credentials grant at tokenUrl and the key in X-API-Key. The token is fetched once (one request in
 * flight however many lookups wait for it) and reused until a minute before it expires (a tenth of its life for a
 * short one); a 401 drops it and tries once more with a new one. Every call first takes a slot from the shared
 * limiter, waiting for one when the wait fits; a 429 waits its Retry-After (or 100 ms, 200 ms, 400 ms...) and retries,
 * all within the caller's signal.
 */
export function createDvsaClient(options: DvsaClientOptions): DvsaClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const now = options.now ?? Date.now;
  let token: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    let response: Response;
    try {
      response = await fetch(options.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: options.clientId,
          client_secret: options.clientSecret,
          scope: options.scope ?? DVSA_SCOPE,
        }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new SourceUnavailableError('the DVSA token endpoint did not answer', { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new SourceUnavailableError(`the DVSA token endpoint answered ${response.status}`);
    }
    const parsed = ZTokenSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new SourceUnavailableError('the DVSA token endpoint answered an unexpected body');
    const lifeMs = parsed.data.expires_in * 1000;
    token = { value: parsed.data.access_token, renewAt: now() + lifeMs - Math.min(60_000, lifeMs / 10) };
    return token.value;
  }

  /** The live token, fetching one when there is none; concurrent callers share one request. */
  function currentToken(signal?: AbortSignal): Promise<string> {
    if (token && now() < token.renewAt) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    // The caller may stop waiting; the fetch itself goes on for the others (and the next lookup).
    return abortable(pending, signal);
  }

  return {
    async getMotHistory(registration, { signal } = {}) {
      let isTokenRenewed = false;
      for (let attempt = 0; ;) {
        const bearer = await currentToken(signal);
        await takeAllowance('DVSA', options.limiter, signal);
        const response = await askSource(
          'DVSA',
          `${apiUrl}/v1/trade/vehicles/registration/${encodeURIComponent(registration)}`,
          {
            headers: { authorization: `Bearer ${bearer}`, 'x-api-key': options.apiKey, accept: 'application/json' },
            signal,
          },
        );
        if (response.status === 401 && !isTokenRenewed) {
          await response.body?.cancel();
          if (token?.value === bearer) token = null;
          isTokenRenewed = true;
          continue;
        }
        const answer = await readSourceAnswer('DVSA', response, ZDvsaVehicleSchema, { attempt, backoff, signal });
        if (answer === 'retry') {
          attempt += 1;
          continue;
        }
        return answer === null ? null : tidy(answer);
      }
    },
  };
}

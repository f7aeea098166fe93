import { z } from 'zod';
import { LOCAL_PORTS, loadServiceConfig, serviceConfigShape } from '@sh/shared/server';

/** The real Companies House public data API. */
export const COMPANIES_HOUSE_API_URL = 'https://api.company-information.service.gov.uk';

export const configShape = serviceConfigShape('garages', {
  COMPANIES_HOUSE_URL: z.string().url().default(COMPANIES_HOUSE_API_URL),
  COMPANIES_HOUSE_API_KEY: z.string().min(1),
  /** Companies House allows 600 requests per 5 minutes per key; every instance shares the count in Redis. */
  COMPANIES_HOUSE_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  COMPANIES_HOUSE_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Signs the short-lived company verification tokens of POST /companies/validate. */
  COMPANY_TOKEN_SECRET: z.string().min(32),
});

export type GaragesConfig = ReturnType<typeof readConfig>;

/** Reads the garages service's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadServiceConfig(
    'garages',
    configShape,
    {
      COMPANIES_HOUSE_URL: `http://127.0.0.1:${LOCAL_PORTS.companiesHouseFake}`,
      COMPANIES_HOUSE_API_KEY: 'dev-key',
      COMPANY_TOKEN_SECRET: 'dev-company-token-secret-not-for-production',
    },
    env,
  );
}

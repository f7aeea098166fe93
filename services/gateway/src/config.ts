import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { API_KEY_RECORDS_PER_MINUTE, ONE_CLICK_PER_MINUTE } from '@sh/shared/contract';
import {
  baseConfigShape,
  pemText,
  DEV_INTERNAL_TOKEN,
  loadConfig,
  LOCAL_PORTS,
  LOCAL_REDIS_URL,
} from '@sh/shared/server';

const optionalUrl = z.string().url().optional();
const perMinute = z.coerce.number().int().positive();

export const configShape = {
  ...baseConfigShape,
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(LOCAL_PORTS.gateway),
  /** A service whose URL is not set is not deployed yet: its routes answer 503. */
  IDENTITY_URL: optionalUrl,
  GARAGES_URL: optionalUrl,
  RECORDS_URL: optionalUrl,
  BILLING_URL: optionalUrl,
  NOTIFICATIONS_URL: optionalUrl,
  JWT_PUBLIC_KEY: pemText.optional(),
  /** The service token the admin calls (admin/data, admin/status, event retries) present on the services' /internal/. */
  INTERNAL_TOKEN: z.string().min(16),
  WEB_DIST: z.string().default(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist')),
  /**
   * Which proxies in front of the gateway may set X-Forwarded-For: false (none), a hop count, or their addresses
   * (comma-separated, CIDR allowed). `true` is refused: it would let any client choose its own address, and so
   * its own rate-limit budget.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((value) => value !== 'true', "true would trust any client; give a hop count or the proxies' addresses")
    .transform((value): false | number | string =>
      value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
    ),
  RATE_LIMIT_API_PER_MINUTE: perMinute.default(600),
  RATE_LIMIT_LOOKUP_PER_MINUTE: perMinute.default(60),
  RATE_LIMIT_AUTH_PER_MINUTE: perMinute.default(20),
  /** Records one API key may log a minute (docs/architecture.md#api-keys). */
  RATE_LIMIT_API_KEY_RECORDS_PER_MINUTE: perMinute.default(API_KEY_RECORDS_PER_MINUTE),
  /** One-click unsubscribes (RFC 8058) from one address a minute: a mailbox provider's shared one. */
  RATE_LIMIT_ONE_CLICK_PER_MINUTE: perMinute.default(ONE_CLICK_PER_MINUTE),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
};

export type GatewayConfig = ReturnType<typeof readConfig>;

/** Reads the gateway's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig('gateway', configShape, { REDIS_URL: LOCAL_REDIS_URL, INTERNAL_TOKEN: DEV_INTERNAL_TOKEN }, env);
}

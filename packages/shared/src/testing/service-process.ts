/**
 * Another service, for a service's tests, as it runs in production: its own process (its main.ts, started through
 * @sh/shared/launcher) with its own fresh test database, reached over HTTP. A test never imports another service's
 * code. Start one per test file (beforeAll), or one per workspace in a vitest globalSetup.
 */
import { launch, stopChild } from '../launcher/child.js';
import { createRedis } from '../server/events.js';
import type { ServiceName } from '../launcher/ports.js';
import { migrationsOf } from '../launcher/root.js';
import { createTestDatabase, testQueuePrefix, TEST_REDIS_URL, type TestDatabase } from './index.js';
import { TEST_KEY_PAIR } from './test-key-pair.js';

/** Nobody listens here: an outside service a test does not give is unreachable, and a call to it fails loudly. */
export const NOBODY_URL = 'http://127.0.0.1:9';

export interface ServiceProcess {
  url: string;
  /** Its database (none for the gateway). */
  db: TestDatabase | undefined;
  /** Its REDIS_KEY_PREFIX. */
  prefix: string;
  /** Every line it has written so far, in order (its log, at `logLevel`). */
  lines: string[];
  /**
   * Stops it (SIGTERM, then SIGKILL after 10 s), drops the database it was given by default and deletes the keys of the
   * Redis prefix it was given by default.
   */
  stop(): Promise<void>;
}

export interface ServiceProcessOptions {
  /** Its variables, over the defaults: see startServiceProcess. */
  env?: Record<string, string>;
  /** A database of the test's own to use (not dropped by stop()); by default a fresh one, dropped by stop(). */
  db?: TestDatabase;
  /** Its LOG_LEVEL: 'info' (the default) or more (its "listening" line says where it listens). */
  logLevel?: 'info' | 'debug' | 'trace';
  /** Hears each line it writes, as it writes it. */
  onLine?: (line: string) => void;
}

/** Every outside party a service may call, where nobody listens: a test gives the ones it needs. */
const OUTSIDE_NOWHERE: Record<string, string> = {
  COMPANIES_HOUSE_URL: NOBODY_URL,
  DVLA_API_URL: NOBODY_URL,
  DVSA_API_URL: NOBODY_URL,
  DVSA_TOKEN_URL: `${NOBODY_URL}/oauth2/token`,
  STRIPE_API_HOST: '127.0.0.1',
  STRIPE_API_PORT: '9',
  STRIPE_API_PROTOCOL: 'http',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

/**
 * Starts `service` (or the gateway) as its own process on a free port of 127.0.0.1, in the test environment
 * (NODE_ENV=test: development's defaults for what is not given), on the test Redis under a fresh prefix, with the
 * shared test key pair (identity signs with it, the others verify with it), every outside party and every other
 * service at an address where nobody listens, and `options.env` over all that. Resolves once it listens.
 */
export async function startServiceProcess(
  service: ServiceName | 'gateway',
  options: ServiceProcessOptions = {},
): Promise<ServiceProcess> {
  const ownDb =
    service === 'gateway' || options.db ? undefined : await createTestDatabase(service, migrationsOf(service));
  const db = options.db ?? ownDb;
  const isOwnPrefix = options.env?.REDIS_KEY_PREFIX === undefined;
  const prefix = options.env?.REDIS_KEY_PREFIX ?? testQueuePrefix();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: options.logLevel ?? 'info',
    PORT: '0',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    ...(service === 'identity'
      ? { JWT_PRIVATE_KEY: TEST_KEY_PAIR.privateKey }
      : { JWT_PUBLIC_KEY: TEST_KEY_PAIR.publicKey }),
    ...(service === 'gateway' ? {} : { ...OUTSIDE_NOWHERE, IDENTITY_URL: NOBODY_URL }),
    ...(db ? { DATABASE_URL: db.url } : {}),
    ...options.env,
  };
  const lines: string[] = [];
  let onListening: ((port: number) => void) | undefined;
  const child = launch(service, `services/${service}/src/main.ts`, {
    env,
    output: (line) => {
      lines.push(line);
      options.onLine?.(line);
      if (onListening && line.includes(`"msg":"${service} listening"`)) {
        const port = (JSON.parse(line) as { port?: number }).port;
        if (port) onListening(port);
      }
    },
  });
  const stop = async () => {
    await stopChild(child, 10_000);
    await ownDb?.drop();
    if (isOwnPrefix) await deleteKeysUnder(env.REDIS_URL!, prefix);
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error(`${service} did not listen within 60 s`)), 60_000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      onListening = (listeningOn) => {
        clearTimeout(timer);
        resolve(listeningOn);
      };
      child.once('exit', (code, signal) =>
        fail(new Error(`${service} exited (${signal ?? `code ${code}`}) while starting`)),
      );
      child.once('error', fail);
    });
    onListening = undefined;
    return { url: `http://127.0.0.1:${port}`, db, prefix, lines, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}:\n${lines.slice(-20).join('\n')}`, { cause: error });
  }
}

/** Deletes every key under `prefix` (`<prefix>:...`) in the Redis at `redisUrl`. */
export async function deleteKeysUnder(redisUrl: string, prefix: string): Promise<void> {
  const redis = createRedis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

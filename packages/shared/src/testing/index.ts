/** Helpers for integration tests that talk to the machine's real Postgres and Redis. */
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import { Writable } from 'node:stream';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { createPool, migrate } from '../server/store/db.js';
import type { Redis } from '../server/events.js';
import { sharedAnswerKeyOf } from '../lookup-cache/keys.js';
import type { SharedAnswer } from '../lookup-cache/published-answers.js';
import { decodeSharedAnswer } from '../lookup-cache/stored-answer.js';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A silent logger for tests (LOG_LEVEL=debug shows it). */
export const testLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** A logger at `level` whose lines a test reads: each as it was written, and parsed. */
export function capturingLogger(level: string): {
  logger: Logger;
  written: string[];
  lines: Array<Record<string, unknown>>;
} {
  const written: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level }, sink), written, lines };
}

/** A unique suffix so that parallel test files never share a database or a queue. */
export function uniqueSuffix(): string {
  return `${process.pid}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** Creates a fresh database `sh_<service>_test_<suffix>`, applies the migrations, and returns a pool. */
export async function createTestDatabase(service: string, migrationsDir: string): Promise<TestDatabase> {
  const name = `sh_${service}_test_${uniqueSuffix()}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 10);
  await migrate(pool, migrationsDir);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A BullMQ prefix of its own for one test file. */
export function testQueuePrefix(): string {
  return `test_${uniqueSuffix()}`;
}

/** Serves an express app on a free loopback port for a test; close() stops it. */
export async function listenForTest(app: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = await new Promise<Server>((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An RSA key pair for tests that sign their own access tokens. */
export function createTestKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export interface ServiceRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a service's real entry point (`<serviceDir>/src/main.ts`, one node process with tsx's loader) with
 * exactly the given environment, and collects how it ends. Once the service logs that it listens, runs
 * `onListening` with its port and then sends SIGTERM, so a clean shutdown is part of the run. With `viaNpx` it
 * is started as `npx tsx src/main.ts` instead (npx does not pass signals on: only for runs that end by
 * themselves). A run that neither ends nor listens within 30 s is killed.
 */
export function runServiceMain(options: {
  serviceDir: string;
  service: string;
  env: Record<string, string>;
  viaNpx?: boolean;
  onListening?: (port: number) => Promise<void>;
}): Promise<ServiceRun> {
  return new Promise((resolve, reject) => {
    const [command, args] = options.viaNpx
      ? (['npx', ['tsx', 'src/main.ts']] as const)
      : ([process.execPath, ['--import', 'tsx', 'src/main.ts']] as const);
    const child = spawn(command, args, {
      cwd: options.serviceDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const listening = new RegExp(`"port":(\\d+),"msg":"${options.service} listening"`);
    let stdout = '';
    let stderr = '';
    let isHandled = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = listening.exec(stdout);
      if (match && !isHandled) {
        isHandled = true;
        (options.onListening ? options.onListening(Number(match[1])) : Promise.resolve()).finally(() =>
          child.kill('SIGTERM'),
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A JSON body as tests read it: the envelope with its data. */
export type TestBody = Record<string, unknown> & { data?: Record<string, unknown> };

/** Calls a running service with a JSON body and an optional bearer token; answers the status, headers and parsed body. */
export async function callJson(
  baseUrl: string,
  method: string,
  pathAndQuery: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: TestBody }> {
  const response = await fetch(`${baseUrl}${pathAndQuery}`, {
    method,
    headers: {
      ...(options.headers ?? {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as TestBody };
}
export { callInternalAdmin, itAnswersInternalAdminCalls } from './internal-admin.js';

/** The answer published in Redis for `key` (lookup-cache/stored-answer.ts), decoded: its JSON body and ETag; null when none is. */
export async function readPublishedAnswer(redis: Redis, namespace: string, key: string): Promise<SharedAnswer | null> {
  const stored = await redis.getBuffer(sharedAnswerKeyOf(namespace, key));
  return stored && decodeSharedAnswer(stored);
}
export { callWithSessionCookie, refreshTokenOf, sessionCookiesOf, type SetSessionCookie } from './session-cookie.js';
export {
  deleteKeysUnder,
  NOBODY_URL,
  startServiceProcess,
  type ServiceProcess,
  type ServiceProcessOptions,
} from './service-process.js';
export { TEST_KEY_PAIR } from './test-key-pair.js';
export { createIdentityUser } from './identity-users.js';
export { LINEAR_GROWTH_AT_MOST, quickestMs, timeGrowthOverTenfold } from './time-growth.js';

/**
 * Starts the platform as child processes: the local doubles, every service that exists so far, and the
 * gateway in front. `npm start` and the browser journeys both use it, on different ports and databases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DEV_INTERNAL_TOKEN } from '../packages/shared/src/server/services.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServiceName = 'identity' | 'garages' | 'records' | 'billing' | 'notifications';
export const SERVICE_NAMES: ServiceName[] = ['identity', 'garages', 'records', 'billing', 'notifications'];

/**
 * The records service's garbage-collector flags: a young generation of 64 MB semi-spaces instead of 16, so that the
 * short-lived objects of each request die in fewer, cheaper collections (bench:lookup, two A/B pairs, when records
 * built every lookup's answer: 4-12% less CPU per lookup). Not the gateway's: it sends published answers, and with
 * 64 MB its p99 was 27 to 30 ms against 21 to 24 with Node's default. docker-compose.yml sets the same.
 */
const RECORDS_GARBAGE_COLLECTOR_FLAGS = '--max-semi-space-size=64';

/** What a child adds to its environment for its garbage collector: RECORDS_GARBAGE_COLLECTOR_FLAGS for records. */
export function garbageCollectorEnv(name: string): Record<string, string> {
  return name === 'records' ? { NODE_OPTIONS: RECORDS_GARBAGE_COLLECTOR_FLAGS } : {};
}

export interface StackPorts {
  gateway: number;
  identity: number;
  garages: number;
  records: number;
  billing: number;
  notifications: number;
  stripeDouble: number;
  companiesHouseFake: number;
  dvlaDouble: number;
  dvsaDouble: number;
  smtp: number;
  smtpInbox: number;
}

/** The development ports, or the same layout shifted by an offset (the browser journeys use +10000). */
export function stackPorts(gatewayPort: number, offset = 0): StackPorts {
  return {
    gateway: gatewayPort,
    identity: 4001 + offset,
    garages: 4002 + offset,
    records: 4003 + offset,
    billing: 4004 + offset,
    notifications: 4005 + offset,
    stripeDouble: 4010 + offset,
    companiesHouseFake: 4011 + offset,
    dvlaDouble: 4012 + offset,
    dvsaDouble: 4013 + offset,
    smtp: 1025 + offset,
    smtpInbox: 8025 + offset,
  };
}

export interface StackOptions {
  ports: StackPorts;
  postgresUrl: string;
  redisUrl: string;
  /** Database names are `sh_<service><suffix>`: '' for development, '_e2e' for the journeys. */
  databaseSuffix: string;
  redisKeyPrefix: string;
  logLevel: string;
  /** Where the gateway listens (default 0.0.0.0, every interface). */
  gatewayHost?: string;
  /** Extra variables for every child (rate-limit budgets in tests, say); they win over the stack's own. */
  env?: Record<string, string>;
  /** Where children's output goes; by default prefixed lines on this process's stdout. */
  onOutput?: (name: string, line: string) => void;
  /**
   * A child that exits on its own (a crash) is launched again, 1 s later and up to 30 s while it keeps failing, as
   * docker-compose.yml's `restart: unless-stopped` does: on for `npm start`; off where a test kills children itself.
   */
  relaunchOnCrash?: boolean;
}

export interface RunningStack {
  urls: {
    gateway: string;
    smtpInbox: string;
    stripeDouble: string;
    companiesHouseFake: string;
    dvlaDouble: string;
    dvsaDouble: string;
  };
  services: ServiceName[];
  stop(): Promise<void>;
  /**
   * For fault injection (bench/chaos.ts): SIGKILLs the child `name` (a service, 'gateway' or a double's name), waits
   * `downMs`, then launches it again with the same environment and resolves once it answers as at start.
   */
  restart?(name: string, downMs?: number): Promise<void>;
}

/** The services whose code exists in this checkout (a later issue brings the rest). */
export function availableServices(): ServiceName[] {
  const only = process.env.SH_SERVICES?.split(',').map((s) => s.trim());
  return SERVICE_NAMES.filter(
    (name) => existsSync(path.join(ROOT, 'services', name, 'src/main.ts')) && (!only || only.includes(name)),
  );
}

export function databaseUrl(postgresUrl: string, database: string): string {
  const url = new URL(postgresUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Says which of Postgres and Redis cannot be reached, and how to start it on this kind of machine. */
export async function checkInfrastructure(postgresUrl: string, redisUrl: string): Promise<string[]> {
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    problems.push(
      `Postgres is not reachable at ${redact(postgresUrl)} (${(error as Error).message}).\n` +
        '  Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    problems.push(
      `Redis is not reachable at ${redisUrl} (${(error as Error).message}).\n` +
        '  Start it with: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
    );
  } finally {
    redis.disconnect();
  }
  return problems;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function waitForPort(port: number, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} did not open port ${port} within ${timeoutMs / 1000} s`);
}

async function waitForReady(url: string, name: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    const isReady = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (isReady) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/** Starts everything and resolves once every part answers. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { ports } = options;
  const children: { name: string; child: ChildProcess }[] = [];
  // How to launch each child again, and wait until it answers, for restart().
  const relaunchers = new Map<string, () => Promise<void>>();
  const output = options.onOutput ?? ((name: string, line: string) => process.stdout.write(`[${name}] ${line}\n`));
  const services = availableServices();
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const publicUrl = `http://localhost:${ports.gateway}`;
  const serviceUrls: Record<ServiceName, string> = {
    identity: local(ports.identity),
    garages: local(ports.garages),
    records: local(ports.records),
    billing: local(ports.billing),
    notifications: local(ports.notifications),
  };

  const common: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    NODE_ENV: 'development',
    LOG_LEVEL: options.logLevel,
    HOST: '127.0.0.1',
    REDIS_URL: options.redisUrl,
    REDIS_KEY_PREFIX: options.redisKeyPrefix,
    // One token for every process, the gateway included (its admin calls reach the services' /internal/); set
    // INTERNAL_TOKEN for npm start (options.env) to choose another.
    INTERNAL_TOKEN: DEV_INTERNAL_TOKEN,
    PUBLIC_URL: publicUrl,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    COMPANIES_HOUSE_URL: local(ports.companiesHouseFake),
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(ports.stripeDouble),
    STRIPE_API_PROTOCOL: 'http',
    // The buyer's report's outside sources (records), at their doubles; real URLs and keys in options.env win.
    DVLA_API_URL: local(ports.dvlaDouble),
    DVSA_API_URL: local(ports.dvsaDouble),
    DVSA_TOKEN_URL: `${local(ports.dvsaDouble)}/oauth2/token`,
    ...Object.fromEntries(services.map((name) => [`${name.toUpperCase()}_URL`, serviceUrls[name]])),
    ...(options.env ?? {}),
  };

  const launch = (name: string, script: string, env: Record<string, string>): ChildProcess => {
    // node itself runs the TypeScript through tsx's loader, so signals and the IPC channel reach the child
    // directly; a child whose parent dies sees the channel close and shuts down.
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...common, ...garbageCollectorEnv(name), ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) if (line.trim()) output(name, line);
      });
    }
    children.push({ name, child });
    if (options.relaunchOnCrash) relaunchAfterCrash(name, child);
    return child;
  };

  let isStopping = false;
  /** Exits in a row of each child that did not stay up a minute, for the relaunch's growing wait. */
  const crashesInARow = new Map<string, number>();
  const relaunchAfterCrash = (name: string, child: ChildProcess) => {
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      const entry = children.find((c) => c.child === child);
      // Stopping, or restart() took it out on purpose.
      if (isStopping || !entry) return;
      children.splice(children.indexOf(entry), 1);
      const inARow = Date.now() - startedAt >= 60_000 ? 1 : (crashesInARow.get(name) ?? 0) + 1;
      crashesInARow.set(name, inARow);
      const waitMs = Math.min(30_000, 1000 * 2 ** (inARow - 1));
      output(name, `exited on its own (${signal ?? `code ${code}`}); starting it again in ${waitMs / 1000} s`);
      setTimeout(() => {
        if (isStopping) return;
        relaunchers
          .get(name)?.()
          .then(() => output(name, 'started again'))
          .catch((error: Error) => output(name, `did not start again: ${error.message}`));
      }, waitMs);
    });
  };

  const stop = async (): Promise<void> => {
    isStopping = true;
    const alive = children.filter(({ child }) => child.exitCode === null && child.signalCode === null).reverse();
    await Promise.all(
      alive.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };

  try {
    interface Double {
      name: string;
      script: string;
      port: number;
      env: Record<string, string>;
    }
    mkdirSync(path.join(ROOT, '.data'), { recursive: true });
    const allDoubles: Double[] = [
      {
        name: 'smtp-catcher',
        script: 'doubles/src/smtp/main.ts',
        port: ports.smtpInbox,
        env: { SMTP_PORT: String(ports.smtp), INBOX_PORT: String(ports.smtpInbox) },
      },
      {
        name: 'companies-house',
        script: 'doubles/src/companies-house/main.ts',
        port: ports.companiesHouseFake,
        env: {
          COMPANIES_HOUSE_FAKE_PORT: String(ports.companiesHouseFake),
          COMPANIES_HOUSE_FIXTURES: path.join(ROOT, 'data/companies-house/companies.json'),
        },
      },
      {
        name: 'dvla',
        script: 'doubles/src/dvla/main.ts',
        port: ports.dvlaDouble,
        env: { DVLA_DOUBLE_PORT: String(ports.dvlaDouble) },
      },
      {
        name: 'dvsa',
        script: 'doubles/src/dvsa/main.ts',
        port: ports.dvsaDouble,
        env: { DVSA_DOUBLE_PORT: String(ports.dvsaDouble) },
      },
      {
        name: 'stripe',
        script: 'doubles/src/stripe/main.ts',
        port: ports.stripeDouble,
        env: {
          STRIPE_DOUBLE_PORT: String(ports.stripeDouble),
          STRIPE_DOUBLE_WEBHOOK_URL: `${local(ports.gateway)}/api/v1/stripe/webhook`,
          STRIPE_DOUBLE_STATE_FILE: path.join(
            ROOT,
            '.data',
            `stripe-double-${options.databaseSuffix.replace(/^_+/, '') || 'dev'}.json`,
          ),
          STRIPE_DOUBLE_SEED_FILE: path.join(ROOT, 'data/seed/garages.json'),
        },
      },
    ];
    const onlyDoubles = process.env.SH_DOUBLES?.split(',').map((s) => s.trim());
    const doubles = allDoubles.filter(
      (d) => existsSync(path.join(ROOT, d.script)) && (!onlyDoubles || onlyDoubles.includes(d.name)),
    );
    for (const d of doubles)
      relaunchers.set(d.name, () => waitForPort(d.port, launch(d.name, d.script, d.env), d.name));
    await Promise.all(doubles.map((d) => relaunchers.get(d.name)!()));

    await Promise.all(
      services.map((name) => {
        const start = () => {
          const child = launch(name, `services/${name}/src/main.ts`, {
            PORT: String(ports[name]),
            DATABASE_URL: databaseUrl(options.postgresUrl, `sh_${name}${options.databaseSuffix}`),
          });
          return waitForReady(serviceUrls[name], name, child);
        };
        relaunchers.set(name, start);
        return start();
      }),
    );

    const startGateway = () => {
      const gateway = launch('gateway', 'services/gateway/src/main.ts', {
        PORT: String(ports.gateway),
        HOST: options.gatewayHost ?? '0.0.0.0',
      });
      return waitForReady(local(ports.gateway), 'gateway', gateway);
    };
    relaunchers.set('gateway', startGateway);
    await startGateway();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    urls: {
      gateway: publicUrl,
      smtpInbox: local(ports.smtpInbox),
      stripeDouble: local(ports.stripeDouble),
      companiesHouseFake: local(ports.companiesHouseFake),
      dvlaDouble: local(ports.dvlaDouble),
      dvsaDouble: local(ports.dvsaDouble),
    },
    services,
    stop,
    async restart(name: string, downMs = 0): Promise<void> {
      const start = relaunchers.get(name);
      if (!start) throw new Error(`no child named ${name}`);
      for (const entry of children.filter((c) => c.name === name)) {
        children.splice(children.indexOf(entry), 1);
        if (entry.child.exitCode !== null || entry.child.signalCode !== null) continue;
        await new Promise<void>((resolve) => {
          entry.child.once('exit', () => resolve());
          entry.child.kill('SIGKILL');
        });
      }
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
  };
}

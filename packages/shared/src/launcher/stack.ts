/**
 * Starts the platform as child processes: the local doubles, every service that exists so far, and the gateway in
 * front. `npm start`, the browser journeys, bench:create and the chaos run use it, on different ports and databases.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DEV_INTERNAL_TOKEN } from '../server/services.js';
import { startBalancer, type Balancer } from './balancer.js';
import { createChildGroup } from './group.js';
import { availableServices, databaseUrl, type ServiceName, type StackPorts } from './ports.js';
import { ROOT } from './root.js';
import { waitForPort, waitForReady } from './wait.js';

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
  /**
   * How many processes of each service and of the gateway (default 1). With more, replica n (from 1) of a part listens
   * on its port + 100 n and is named `<part>.<n>`, and a balancer (balancer.ts) on the part's own port spreads
   * connections over them: every URL the parts are given stays the same.
   */
  replicas?: number;
}

/** One process of a service or the gateway: its child's name (restart's) and its own URL. */
export interface StackProcess {
  name: string;
  part: ServiceName | 'gateway';
  url: string;
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
  /** Every process of the services and the gateway (with `replicas`, several of each). */
  processes: StackProcess[];
  /** With `replicas`: the connections each process took through its part's balancer, and the bytes sent to it. */
  spread(): Map<string, { connections: number; bytes: number }>;
  stop(): Promise<void>;
  /**
   * For fault injection (bench/chaos.ts): SIGKILLs the child `name` (a service, 'gateway' or a double's name), waits
   * `downMs`, then launches it again with the same environment and resolves once it answers as at start.
   */
  restart(name: string, downMs?: number): Promise<void>;
}

interface Double {
  name: string;
  script: string;
  port: number;
  env: Record<string, string>;
}

/** The local doubles of the outside world, narrowed by SH_DOUBLES. */
function doublesOf(options: StackOptions): Double[] {
  const { ports } = options;
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
        STRIPE_DOUBLE_WEBHOOK_URL: `http://127.0.0.1:${ports.gateway}/api/v1/stripe/webhook`,
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
  return allDoubles.filter(
    (d) => existsSync(path.join(ROOT, d.script)) && (!onlyDoubles || onlyDoubles.includes(d.name)),
  );
}

/** Starts everything and resolves once every part answers. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { ports } = options;
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

  const shared: Record<string, string> = {
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
  const group = createChildGroup({
    shared,
    output: options.onOutput ?? ((name, line) => process.stdout.write(`[${name}] ${line}\n`)),
    relaunchOnCrash: options.relaunchOnCrash,
  });

  const replicas = options.replicas ?? 1;
  const processesOf = (part: ServiceName | 'gateway'): StackProcess[] =>
    replicas === 1
      ? [{ name: part, part, url: local(ports[part]) }]
      : Array.from({ length: replicas }, (_, i) => ({
          name: `${part}.${i + 1}`,
          part,
          url: local(ports[part] + 100 * (i + 1)),
        }));
  const processes = [...services, 'gateway' as const].flatMap(processesOf);
  const balancers: Balancer[] = [];
  const startProcess = (process: StackProcess, script: string, env: Record<string, string>) =>
    group.start(process.name, script, { ...env, PORT: new URL(process.url).port }, (child) =>
      waitForReady(process.url, process.name, child),
    );

  try {
    mkdirSync(path.join(ROOT, '.data'), { recursive: true });
    await Promise.all(
      doublesOf(options).map((d) =>
        group.start(d.name, d.script, d.env, (child) => waitForPort(d.port, child, d.name)),
      ),
    );
    if (replicas > 1) {
      for (const part of [...services, 'gateway' as const]) {
        const backends = processesOf(part).map((p) => Number(new URL(p.url).port));
        balancers.push(await startBalancer(ports[part], backends));
      }
    }
    await Promise.all(
      processes
        .filter((p) => p.part !== 'gateway')
        .map((p) =>
          startProcess(p, `services/${p.part}/src/main.ts`, {
            DATABASE_URL: databaseUrl(options.postgresUrl, `sh_${p.part}${options.databaseSuffix}`),
          }),
        ),
    );
    await Promise.all(
      processes
        .filter((p) => p.part === 'gateway')
        .map((p) => startProcess(p, 'services/gateway/src/main.ts', { HOST: options.gatewayHost ?? '0.0.0.0' })),
    );
  } catch (error) {
    await Promise.all(balancers.map((b) => b.close()));
    await group.stop();
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
    processes,
    spread: () => {
      const byPort = new Map(balancers.flatMap((b) => [...b.counts()]));
      return new Map(
        processes.map((p) => [p.name, byPort.get(Number(new URL(p.url).port)) ?? { connections: 0, bytes: 0 }]),
      );
    },
    stop: async () => {
      await group.stop();
      await Promise.all(balancers.map((b) => b.close()));
    },
    restart: (name, downMs) => group.restart(name, downMs),
  };
}

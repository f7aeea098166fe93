/**
 * Everything the chaos run starts, stops and kills, in one place: the platform (the launcher's startStack), its processes
 * killed and launched again, the platform's Redis (stopped for the Redis fault; the run's own with CHAOS_REDIS_PORT)
 * and this machine's Postgres (restarted for the Postgres fault), started with scripts/start-databases.sh. Whatever happens, the machine's Redis is running
 * again when this process ends, and the run's own is stopped.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { ROOT, START_DATABASES_SCRIPT, startStack, type RunningStack } from '@sh/shared/launcher';
import {
  CHECKPOINT_INTERVAL_MS,
  IS_OWN_REDIS,
  POSTGRES_URL,
  PORTS,
  PREFIX,
  REDIS_PORT,
  REDIS_URL,
  REPLICAS,
  SUFFIX,
} from './settings.js';

const execFileAsync = promisify(execFile);

let isRedisStopped = false;

export function redisAnswers(): boolean {
  return (
    spawnSync('redis-cli', ['-p', REDIS_PORT, 'ping'], { encoding: 'utf8', timeout: 3000 }).stdout?.trim() === 'PONG'
  );
}

/** Starts the platform's Redis with scripts/start-databases.sh, unless it already answers. Synchronous: usable on exit. */
export function startRedisSync(): void {
  spawnSync('bash', [START_DATABASES_SCRIPT, '--redis-port', REDIS_PORT], { cwd: ROOT, stdio: 'ignore' });
  isRedisStopped = false;
}

/** Stops the platform's Redis, keeping nothing: it starts again empty. */
export function stopRedisSync(): void {
  isRedisStopped = true;
  execFileSync('redis-cli', ['-p', REDIS_PORT, 'shutdown', 'nosave'], { stdio: 'ignore' });
}

/** Starts the platform's Redis again if the Redis fault left it stopped. */
export function restoreRedisSync(): void {
  if (isRedisStopped) startRedisSync();
}

/** Stops the run's own Redis (never the machine's). Synchronous: usable on exit. */
function stopOwnRedisSync(): void {
  if (IS_OWN_REDIS)
    spawnSync('redis-cli', ['-p', REDIS_PORT, 'shutdown', 'nosave'], { stdio: 'ignore', timeout: 3000 });
}

/** On exit and on Ctrl-C: the machine's Redis running again, the run's own stopped. */
export function restoreRedisOnExit(): void {
  process.on('exit', () => {
    restoreRedisSync();
    stopOwnRedisSync();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      restoreRedisSync();
      process.exit(130);
    });
  }
}

/** Restarts this machine's Postgres cluster (and starts it, whatever the restart did); answers how long it took. */
export async function restartPostgres(): Promise<number> {
  const version = readdirSync('/etc/postgresql')[0]!;
  const started = Date.now();
  try {
    await execFileAsync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart']);
  } finally {
    spawnSync('bash', [START_DATABASES_SCRIPT, '--postgres'], { cwd: ROOT, stdio: 'ignore' });
  }
  return Date.now() - started;
}

/** The chaos platform: every service and double of this checkout on the run's ports, databases and queue prefix. */
export function startPlatform(onOutput: (name: string, line: string) => void): Promise<RunningStack> {
  // Every service and double, whatever SH_SERVICES or SH_DOUBLES say in the caller's shell.
  delete process.env.SH_SERVICES;
  delete process.env.SH_DOUBLES;
  return startStack({
    ports: PORTS,
    postgresUrl: POSTGRES_URL,
    redisUrl: REDIS_URL,
    databaseSuffix: SUFFIX,
    redisKeyPrefix: PREFIX,
    logLevel: 'warn',
    gatewayHost: '127.0.0.1',
    replicas: REPLICAS,
    // A checkpoint every second (30 s by default), so that the receipt mails waiting for one settle within seconds.
    env: {
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '100000000',
      LOG_CHECKPOINT_INTERVAL_MS: String(CHECKPOINT_INTERVAL_MS),
    },
    onOutput,
  });
}

/** SIGKILLs one of the platform's processes (a service's, the gateway's, `records.1` at two replicas, or a double) and launches it again after `downMs`. */
export function killAndRelaunch(stack: RunningStack, name: string, downMs = 0): Promise<void> {
  return stack.restart!(name, downMs);
}

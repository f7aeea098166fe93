#!/usr/bin/env node
/**
 * `npm start` and `npm test` begin here, with nothing but Node's own modules, so they work on a fresh clone:
 * 1. installs the dependencies from the lockfile (npm ci) when node_modules is missing or older than it;
 * 2. for `start`, starts this machine's Postgres and Redis when they are installed but stopped
 *    (scripts/start-databases.sh); `test` decides first whether it uses them at all (scripts/test-servers.ts);
 * 3. runs scripts/<start|test>.ts, passing on its exit code, and stops it if this process is stopped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const command = process.argv[2];
if (command !== 'start' && command !== 'test') {
  console.error('Usage: node scripts/prepare-machine.mjs <start|test>');
  process.exit(2);
}

/** node_modules is current when npm's own record of the install is at least as new as the lockfile. */
function isInstallCurrent() {
  const installed = path.join(ROOT, 'node_modules/.package-lock.json');
  if (!existsSync(installed)) return false;
  return statSync(installed).mtimeMs >= statSync(path.join(ROOT, 'package-lock.json')).mtimeMs;
}

function run(program, args) {
  console.log(`--- ${program} ${args.join(' ')}`);
  const result = spawnSync(program, args, { cwd: ROOT, stdio: 'inherit' });
  return result.status === 0;
}

function isListening(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Where a URL points, when it points at this machine. */
function localAddress(url, defaultPort) {
  const parsed = new URL(url);
  const isLocal = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(parsed.hostname);
  return isLocal ? { host: '127.0.0.1', port: Number(parsed.port || defaultPort) } : null;
}

/**
 * Starts this machine's Postgres and Redis with scripts/start-databases.sh, each only when its URL points here and
 * nothing answers there. What it cannot start, the start and test scripts report with the command to run.
 */
async function ensureDatabases() {
  const postgres = localAddress(process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 5432);
  const redis = localAddress(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 6379);
  const args = [];
  if (postgres && !(await isListening(postgres.host, postgres.port)))
    args.push('--postgres-port', String(postgres.port));
  if (redis && !(await isListening(redis.host, redis.port))) args.push('--redis-port', String(redis.port));
  if (args.length > 0) run('bash', ['scripts/start-databases.sh', ...args]);
}

if (!isInstallCurrent()) {
  console.log(
    existsSync(path.join(ROOT, 'node_modules'))
      ? 'The lockfile changed: installing again.'
      : 'First run: installing the dependencies.',
  );
  if (!run('npm', ['ci', '--no-audit', '--no-fund'])) process.exit(1);
}
if (command === 'start') await ensureDatabases();

const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${command}.ts`, ...process.argv.slice(3)], {
  cwd: ROOT,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
});
// Ctrl-C reaches the child from the terminal itself; a signal sent to this process alone is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

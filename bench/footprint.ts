/**
 * `npm run bench:footprint`: the memory and CPU each part of a running platform uses, idle and under a lookup load, the
 * figures the Kubernetes manifests' resource requests and limits are taken from (docs/deployment.md#resources).
 *
 * It measures the platform `npm start` is running on this machine (run it first, with budgets that let the load
 * through: RATE_LIMIT_LOOKUP_PER_MINUTE, RATE_LIMIT_AUTH_PER_MINUTE and RATE_LIMIT_API_PER_MINUTE set high), finding each service and the gateway
 * by its command line in /proc. It reads each one's resident memory idle, then loads the gateway with autocannon for
 * FOOTPRINT_DURATION seconds (default 20) in two phases, the public lookup of the demo vehicles (50 connections; a
 * tenth unknown registrations, a miss that records answers), then the demo garage's sign-in (10 connections, argon2id),
 * sampling memory every 250 ms, and prints the CPU cores each part used in each phase and per process its idle RSS,
 * the highest RSS seen and the kernel's high-water mark (VmHWM), and writes them to bench/results/footprint.json.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import autocannon from 'autocannon';
import { seedAccounts, seedGarages, seedVehicles } from '@sh/shared/seed-data';
import { writeResults } from './results.js';

const PARTS = ['gateway', 'identity', 'garages', 'records', 'billing', 'notifications'] as const;
const DURATION_S = Number(process.env.FOOTPRINT_DURATION ?? 20);
const GATEWAY = process.env.FOOTPRINT_URL ?? 'http://127.0.0.1:8080';
const TICKS_PER_SECOND = 100;

/** The pid of each part's process: the node process, started in this checkout, whose command line runs its src/main.ts. */
function findProcesses(): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // Only this checkout's platform: other checkouts' tests may run the same services meanwhile.
      if (realpathSync(`/proc/${pid}/cwd`) !== realpathSync(process.cwd())) continue;
    } catch {
      continue;
    }
    for (const part of PARTS) if (cmdline.includes(`services/${part}/src/main.ts`)) found.set(part, pid);
  }
  return found;
}

/** A figure of /proc/{pid}/status in MiB (VmRSS, VmHWM). */
function statusMiB(pid: number, field: string): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    throw new Error(`process ${pid} ended during the measurement: was the platform restarted or stopped?`);
  }
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU seconds (user and system) a process has used. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

const processes = findProcesses();
const missing = PARTS.filter((part) => !processes.has(part));
if (missing.length > 0) {
  console.error(`Not running: ${missing.join(', ')}. Start the platform first (npm start), then run this again.`);
  process.exit(1);
}

const registrations = seedVehicles().map((vehicle) => vehicle.registration);
const { garage_id, password } = seedAccounts().garage;
const garageEmail = seedGarages().find((garage) => garage.id === garage_id)!.email;
const idle = new Map([...processes].map(([part, pid]) => [part, statusMiB(pid, 'VmRSS')]));
const highest = new Map(idle);
const sampler = setInterval(() => {
  for (const [part, pid] of processes) highest.set(part, Math.max(highest.get(part)!, statusMiB(pid, 'VmRSS')));
}, 250);

const phases: { name: string; requestsPerSecond: number; cores: Record<string, number> }[] = [];

/** One phase of load: autocannon's figures and the CPU cores each part used meanwhile. */
async function phase(name: string, options: Omit<autocannon.Options, 'url' | 'duration'>): Promise<void> {
  const before = new Map([...processes].map(([part, pid]) => [part, cpuSeconds(pid)]));
  const result = await autocannon({ ...options, url: GATEWAY, duration: DURATION_S });
  const used = Object.fromEntries(
    [...processes].map(([part, pid]) => [part, (cpuSeconds(pid) - before.get(part)!) / result.duration]),
  );
  phases.push({ name, requestsPerSecond: result.requests.average, cores: used });
  const cores = Object.entries(used).map(([part, value]) => `${part} ${value.toFixed(2)}`);
  console.log(
    `${name}, ${DURATION_S} s through ${GATEWAY}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
      `${result.non2xx} not 2xx (of ${result.requests.total}), ${result.errors} errors; CPU cores: ${cores.join(', ')}`,
  );
}

await phase('lookups (a tenth unknown)', {
  connections: 50,
  requests: [
    {
      setupRequest: (request) => {
        const unknown = Math.random() < 0.1;
        const registration = unknown
          ? `ZZ${Math.floor(Math.random() * 90 + 10)}${String.fromCharCode(65 + Math.floor(Math.random() * 26))}ZZ`
          : registrations[Math.floor(Math.random() * registrations.length)]!;
        return { ...request, path: `/api/v1/service-records/lookup/${registration}` };
      },
    },
  ],
});
// argon2id at 19 MiB a hash (docs/product.md): identity's memory grows with the sign-ins it checks at once.
await phase('sign-ins of the demo garage', {
  connections: 10,
  requests: [
    {
      method: 'POST',
      path: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: garageEmail, password }),
    },
  ],
});
clearInterval(sampler);

console.log('part           idle RSS MiB   highest RSS MiB   VmHWM MiB');
for (const [part, pid] of processes) {
  console.log(
    `${part.padEnd(14)} ${idle.get(part)!.toFixed(0).padStart(12)}   ${highest.get(part)!.toFixed(0).padStart(15)}   ` +
      `${statusMiB(pid, 'VmHWM').toFixed(0).padStart(9)}`,
  );
}
writeResults('footprint', {
  durationS: DURATION_S,
  phases,
  parts: Object.fromEntries(
    [...processes].map(([part, pid]) => [
      part,
      { idleRssMiB: idle.get(part)!, highestRssMiB: highest.get(part)!, vmHwmMiB: statusMiB(pid, 'VmHWM') },
    ]),
  ),
});

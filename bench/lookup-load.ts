/** The lookup benchmark's load: its workloads, loading targets in turns with autocannon, and printing what came of it. */
import autocannon from 'autocannon';
import { registrationOf } from './lookup-data.js';
import { cpuSecondsBetween, takeCpuSnapshot, type ProcessGroups } from './processes.js';

/** The popular workload: this many vehicles draw POPULAR_SHARE of the lookups. */
const POPULAR_VEHICLES = 2_000;
const POPULAR_SHARE = 0.9;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
export const CONNECTIONS = 100;

/** A vehicle for one request of a workload, out of `vehicles`. */
export const WORKLOADS = {
  uniform: (vehicles: number) => Math.floor(Math.random() * vehicles),
  // The popular vehicles are spread over the data, not its first rows.
  popular: (vehicles: number) => {
    const popular = Math.min(POPULAR_VEHICLES, vehicles);
    return Math.random() < POPULAR_SHARE
      ? Math.floor(Math.random() * popular) * Math.floor(vehicles / popular)
      : Math.floor(Math.random() * vehicles);
  },
} as const;
export type Workload = keyof typeof WORKLOADS;

export interface Result {
  name: string;
  workload: Workload;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Each round's p99, in the order the rounds ran (p99 is the worst of them). */
  p99ByRound: number[];
  non2xx: number;
  errors: number;
  /** CPU microseconds per request of each process group while this target was loaded; null without /proc. */
  cpuMicrosPerRequest: Record<string, number> | null;
}

/**
 * What a browser's (and fetch's) requests say they accept, sent to every target but those that set another: the
 * gateway sends such a client the published answer brotli-compressed, as stored; the others ignore it.
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * A target: its name, its port, the vehicles of its data and, when not the browser's, the Accept-Encoding its
 * requests send (null: none, as curl without --compressed, which the gateway sends the answer decoded).
 */
export type Target = readonly [name: string, port: number, vehicles: number, acceptEncoding?: string | null];

/**
 * Loads each target with one workload: a 3 s warm-up each (JIT, connection pools, Postgres buffers), then
 * BENCH_ROUNDS rounds (default 3) of BENCH_DURATION / rounds seconds each, the targets taking turns in alternating
 * order, so that a burst of other work on the machine falls on every target alike. req/s is over all rounds; p50 is
 * the median round's and p99 the worst round's.
 */
export async function loadInTurns(
  targets: readonly Target[],
  workload: Workload,
  groups: ProcessGroups,
): Promise<Result[]> {
  const vehicleFor = WORKLOADS[workload];
  const run = ([, port, vehicles, acceptEncoding = BROWSER_ACCEPT_ENCODING]: Target, duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      pipelining: 1,
      duration,
      headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: `/api/v1/service-records/lookup/${registrationOf(vehicleFor(vehicles))}`,
          }),
        },
      ],
    });
  for (const target of targets) await run(target, 3);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const roundSeconds = Math.max(1, Math.round(DURATION_S / rounds));
  const tally = targets.map(() => ({
    requests: 0,
    seconds: 0,
    p50s: [] as number[],
    p99s: [] as number[],
    non2xx: 0,
    errors: 0,
    cpu: {} as Record<string, number>,
  }));
  for (let round = 0; round < rounds; round += 1) {
    const order = targets.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const cpuBefore = takeCpuSnapshot(groups);
      const result = await run(targets[i]!, roundSeconds);
      const cpuAfter = takeCpuSnapshot(groups);
      const t = tally[i]!;
      if (cpuBefore && cpuAfter) {
        for (const [name, seconds] of Object.entries(cpuSecondsBetween(cpuBefore, cpuAfter)))
          t.cpu[name] = (t.cpu[name] ?? 0) + seconds;
      }
      t.requests += result.requests.total;
      t.seconds += result.duration;
      t.p50s.push(result.latency.p50);
      t.p99s.push(result.latency.p99);
      t.non2xx += result.non2xx;
      t.errors += result.errors;
    }
  }
  return targets.map(([name], i) => {
    const t = tally[i]!;
    const p50s = [...t.p50s].sort((a, b) => a - b);
    return {
      name,
      workload,
      requestsPerSecond: t.requests / t.seconds,
      p50: p50s[Math.floor(p50s.length / 2)]!,
      p99: Math.max(...t.p99s),
      p99ByRound: t.p99s,
      non2xx: t.non2xx,
      errors: t.errors,
      cpuMicrosPerRequest:
        Object.keys(t.cpu).length === 0
          ? null
          : Object.fromEntries(
              Object.entries(t.cpu).map(([name, seconds]) => [name, Math.round((seconds * 1e6) / t.requests)]),
            ),
    };
  });
}

/** Prints each result's req/s, latency and failures, then (on Linux) the CPU time per request of each process group. */
export function printResults(results: readonly Result[], groups: ProcessGroups): void {
  console.log(
    `\n${'target'.padEnd(44)}${'workload'.padEnd(10)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(44)}${r.workload.padEnd(10)}${r.requestsPerSecond.toFixed(0).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.non2xx).padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
  if (results.every((r) => r.cpuMicrosPerRequest)) {
    // Where the machine's time goes per request, whatever else it was doing: the processes each target needs.
    const names = Object.keys(groups);
    console.log(
      `\nCPU microseconds per request\n${'target'.padEnd(44)}${'workload'.padEnd(10)}${names.map((name) => name.padStart(12)).join('')}${'total'.padStart(8)}`,
    );
    for (const r of results) {
      const used = r.cpuMicrosPerRequest!;
      const total = names.reduce((sum, name) => sum + used[name]!, 0);
      console.log(
        `${r.name.padEnd(44)}${r.workload.padEnd(10)}${names.map((name) => String(used[name]).padStart(12)).join('')}${String(total).padStart(8)}`,
      );
    }
  }
}

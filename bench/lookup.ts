/**
 * `npm run bench:lookup`: the public lookup under load, measured against two baselines in the same run.
 *
 * 1. Seeds BENCH_RECORDS (default 1,000,000) service records, five per vehicle, into the database
 *    sh_records_bench (sh_records_bench_{n} for another size; kept between runs, re-seeded only when its size differs).
 * 2. Loads GET /api/v1/service-records/lookup/{reg} through the real gateway and records service with
 *    autocannon: 100 connections, no pipelining, BENCH_DURATION s (default 20) per target in BENCH_ROUNDS turns
 *    (default 3, see loadInTurns), in two workloads:
 *    - uniform: each request a random seeded vehicle, every vehicle as likely as any other (few repeats, so the
 *      records service's answer cache rarely holds the answer: the worst case for it);
 *    - popular: nine requests in ten for one of 2,000 popular vehicles (the cars on sale this week), the tenth for
 *      any vehicle, as buyers look cars up.
 * 3. Loads, with the same workloads, a bare node:http server answering the same lookup with one prepared pg query,
 *    and (uniform) the same bare server returning a body serialised once in advance.
 * It prints req/s and p50/p99 latency for each, and the ratios of the platform to each baseline; the records
 * service is also loaded on its own, to show how the cost splits between the gateway and the service. On Linux it
 * also prints the CPU time per request of each process group (autocannon, gateway, records, the bare servers,
 * Postgres, Redis) while each target was loaded, read from /proc: where the machine's time goes. With another
 * BENCH_RECORDS it also runs the platform and the bare query on the 1,000,000-record data in the same run (a second
 * records service and gateway, under a prefix of their own), in turns with the others, and compares the two sizes.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createRedis, deleteKeysMatching, ensureDatabase, lookupAnswersNamespace, migrate, type Redis } from '@sh/shared/server';
import { prewarmedKeyOf } from '../services/records/src/domain/lookup-answers.js';
import { checkInfrastructure, databaseUrl, ROOT } from '../scripts/stack.js';
import { cpuSecondsBetween, launch, stopEveryLaunched, takeCpuSnapshot, waitUntilAnswering, type ProcessGroups } from './processes.js';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const RECORDS_PER_VEHICLE = 5;
const DEFAULT_RECORDS = 1_000_000;
const RECORDS = Number(process.env.BENCH_RECORDS ?? DEFAULT_RECORDS);
if (!Number.isInteger(RECORDS) || RECORDS < 1000 || RECORDS % RECORDS_PER_VEHICLE !== 0 || RECORDS > 25_000_000) {
  throw new Error(`BENCH_RECORDS must be a whole number of vehicles' records (a multiple of ${RECORDS_PER_VEHICLE}) from 1,000 to 25,000,000`);
}
/** The popular workload: this many vehicles draw POPULAR_SHARE of the lookups. */
const POPULAR_VEHICLES = 2_000;
const POPULAR_SHARE = 0.9;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 100;

/** One size of benchmark data: its database, and the records service, gateway and bare query that serve it. */
interface DataSize {
  vehicles: number;
  db: string;
  /** BULLMQ_PREFIX of its records service and gateway, under which the answers are published. */
  prefix: string;
  ports: { records: number; gateway: number; bareQuery: number };
}
const SIZE: DataSize = {
  vehicles: RECORDS / RECORDS_PER_VEHICLE,
  db: databaseUrl(POSTGRES_URL, RECORDS === DEFAULT_RECORDS ? 'sh_records_bench' : `sh_records_bench_${RECORDS}`),
  prefix: 'bench',
  ports: { records: 34003, gateway: 38080, bareQuery: 38101 },
};
/** With another BENCH_RECORDS, the 1,000,000-record data, served in the same run for comparison. */
const REFERENCE: DataSize | null =
  RECORDS === DEFAULT_RECORDS
    ? null
    : {
        vehicles: DEFAULT_RECORDS / RECORDS_PER_VEHICLE,
        db: databaseUrl(POSTGRES_URL, 'sh_records_bench'),
        prefix: 'bench_reference',
        ports: { records: 34013, gateway: 38090, bareQuery: 38111 },
      };
const SIZES = REFERENCE ? [SIZE, REFERENCE] : [SIZE];
const PRESERIALISED_PORT = 38102;

/**
 * The registration of bench vehicle n: 'B', a letter, two digits, three letters — a valid 7-character plate, unique
 * up to 45 million vehicles. The second letter is X below 1,757,600 vehicles, as in the first benchmarks' data.
 */
const REGISTRATION_SQL = `'B' || chr(65 + (23 + v / 1757600) % 26) || lpad((v % 100)::text, 2, '0') || chr(65 + (v / 100 / 676) % 26) || chr(65 + (v / 100 / 26) % 26) || chr(65 + (v / 100) % 26)`;
function registrationOf(v: number): string {
  const n = Math.floor(v / 100);
  const letter = (k: number) => String.fromCharCode(65 + (k % 26));
  return `B${letter(23 + Math.floor(v / 1_757_600))}${String(v % 100).padStart(2, '0')}${letter(Math.floor(n / 676))}${letter(Math.floor(n / 26))}${letter(n)}`;
}

/** A vehicle for one request of a workload, out of `vehicles`. */
const WORKLOADS = {
  uniform: (vehicles: number) => Math.floor(Math.random() * vehicles),
  // The popular vehicles are spread over the data, not its first rows.
  popular: (vehicles: number) => {
    const popular = Math.min(POPULAR_VEHICLES, vehicles);
    return Math.random() < POPULAR_SHARE ? Math.floor(Math.random() * popular) * Math.floor(vehicles / popular) : Math.floor(Math.random() * vehicles);
  },
} as const;
type Workload = keyof typeof WORKLOADS;
/** BENCH_WORKLOADS=popular (or uniform) runs one workload only: a quicker comparison, printed but not kept. */
const CHOSEN_WORKLOADS = (process.env.BENCH_WORKLOADS ?? 'uniform,popular').split(',').map((name) => name.trim());
if (CHOSEN_WORKLOADS.some((name) => !(name in WORKLOADS))) throw new Error(`BENCH_WORKLOADS names workloads of ${Object.keys(WORKLOADS).join(', ')}`);
const EVERY_WORKLOAD = CHOSEN_WORKLOADS.length === Object.keys(WORKLOADS).length;

async function seed({ db, vehicles }: DataSize): Promise<void> {
  await ensureDatabase(db);
  const pool = new pg.Pool({ connectionString: db, max: 2 });
  try {
    await migrate(pool, path.join(ROOT, 'services/records/migrations'));
    // Benchmark rows are not a history anyone relies on: the records service is not asked to chain them.
    await pool.query('TRUNCATE records_awaiting_chain');
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM service_records');
    const expected = vehicles * RECORDS_PER_VEHICLE;
    if (rows[0]!.n === expected) {
      console.log(`Benchmark data present: ${expected.toLocaleString('en-GB')} records over ${vehicles.toLocaleString('en-GB')} vehicles.`);
      return;
    }
    console.log(`Seeding ${expected.toLocaleString('en-GB')} records over ${vehicles.toLocaleString('en-GB')} vehicles...`);
    const started = Date.now();
    await pool.query('TRUNCATE service_records, garage_directory');
    // In slices of 200,000 vehicles, so that a large seed shows its progress and no one statement holds it all.
    const slice = 200_000;
    await pool.query(
      `INSERT INTO garage_directory (garage_id, name, address)
       SELECT md5('garage' || g)::uuid, 'Bench Garage ' || g || ' Ltd', g || ' High Street, Leeds, LS1 ' || g || 'AB'
         FROM generate_series(1, 50) AS g`,
    );
    for (let from = 0; from < vehicles; from += slice) {
      await pool.query(
        `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes, technician_name)
       SELECT md5('garage' || (1 + (v * 7 + r) % 50))::uuid,
              'BENCHVIN' || lpad(v::text, 9, '0'),
              ${REGISTRATION_SQL},
              date '2016-01-01' + (r * 365 + (v % 200)),
              8000 * (r + 1) + (v % 5000),
              CASE r % 3 WHEN 0 THEN 'Full Service' WHEN 1 THEN 'Oil & Filter Change' ELSE 'Brake Pad Replacement, MOT Test' END,
              'Routine work carried out; vehicle in good condition.',
              'Sam Patel'
         FROM generate_series($1::int, $2::int) AS v, generate_series(0, ${RECORDS_PER_VEHICLE - 1}) AS r`,
        [from, Math.min(from + slice, vehicles) - 1],
      );
      if (vehicles > slice) console.log(`  ${(Math.min(from + slice, vehicles) * RECORDS_PER_VEHICLE).toLocaleString('en-GB')} records...`);
    }
    // Vacuumed as well as analysed, as autovacuum leaves a settled table: the bare query is not slowed by a fresh one.
    await pool.query('VACUUM ANALYZE service_records');
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await pool.end();
  }
}

/**
 * Deletes every lookup answer the benchmark's records service published and every version it kept (the data may
 * have been seeded anew since; and the answers take hundreds of MB of Redis).
 */
async function forgetPublishedAnswers(redis: Redis): Promise<number> {
  let deleted = 0;
  for (const { prefix } of SIZES) deleted += await deleteKeysMatching(redis, `${lookupAnswersNamespace(prefix)}:*`);
  return deleted;
}

/** Waits until each records service has published every vehicle's answer (LOOKUP_ANSWERS_PREWARM), printing progress. */
async function waitUntilPrewarmed(redis: Redis, usedBefore: number): Promise<void> {
  const started = Date.now();
  while ((await Promise.all(SIZES.map(({ prefix }) => redis.get(prewarmedKeyOf(prefix))))).includes(null)) {
    if (Date.now() - started > 30 * 60_000) throw new Error('The records services did not publish every answer within 30 min');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const grown = (await usedMemory(redis)) - usedBefore;
  const vehicles = SIZES.reduce((sum, size) => sum + size.vehicles, 0);
  console.log(
    `Every vehicle's answer published by the records service${SIZES.length > 1 ? 's' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s; Redis holds ${(grown / 1e6).toFixed(0)} MB more (${Math.round(grown / vehicles).toLocaleString('en-GB')} bytes a vehicle, ${vehicles.toLocaleString('en-GB')} vehicles).`,
  );
}

/** Redis's used_memory, in bytes. */
async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);
}

interface Result {
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
 * Loads each target with one workload: a 3 s warm-up each (JIT, connection pools, Postgres buffers), then
 * BENCH_ROUNDS rounds (default 3) of BENCH_DURATION / rounds seconds each, the targets taking turns in alternating
 * order, so that a burst of other work on the machine falls on every target alike. req/s is over all rounds; p50 is
 * the median round's and p99 the worst round's.
 */
/** A target: its name, its port and the vehicles of its data. */
type Target = readonly [name: string, port: number, vehicles: number];

async function loadInTurns(targets: readonly Target[], workload: Workload, groups: ProcessGroups): Promise<Result[]> {
  const vehicleFor = WORKLOADS[workload];
  const run = ([, port, vehicles]: Target, duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      pipelining: 1,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/api/v1/service-records/lookup/${registrationOf(vehicleFor(vehicles))}` }) }],
    });
  for (const target of targets) await run(target, 3);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const roundSeconds = Math.max(1, Math.round(DURATION_S / rounds));
  const tally = targets.map(() => ({ requests: 0, seconds: 0, p50s: [] as number[], p99s: [] as number[], non2xx: 0, errors: 0, cpu: {} as Record<string, number> }));
  for (let round = 0; round < rounds; round += 1) {
    const order = targets.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const cpuBefore = takeCpuSnapshot(groups);
      const result = await run(targets[i]!, roundSeconds);
      const cpuAfter = takeCpuSnapshot(groups);
      const t = tally[i]!;
      if (cpuBefore && cpuAfter) {
        for (const [name, seconds] of Object.entries(cpuSecondsBetween(cpuBefore, cpuAfter))) t.cpu[name] = (t.cpu[name] ?? 0) + seconds;
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
        Object.keys(t.cpu).length === 0 ? null : Object.fromEntries(Object.entries(t.cpu).map(([name, seconds]) => [name, Math.round((seconds * 1e6) / t.requests)])),
    };
  });
}

const problems = await checkInfrastructure(POSTGRES_URL, REDIS_URL);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
for (const size of SIZES) await seed(size);
const redis = createRedis(REDIS_URL);
await forgetPublishedAnswers(redis);
const redisUsedBefore = await usedMemory(redis);

try {
  /** A records service and a gateway in front of it, as `npm start` runs them, for one size of data. */
  const launchStack = (size: DataSize) => ({
    records: launch('records', 'services/records/src/main.ts', {
      PORT: String(size.ports.records),
      DATABASE_URL: size.db,
      REDIS_URL,
      BULLMQ_PREFIX: size.prefix,
      LOOKUP_ANSWERS_PREWARM: 'true',
    }),
    gateway: launch('gateway', 'services/gateway/src/main.ts', {
      PORT: String(size.ports.gateway),
      REDIS_URL,
      BULLMQ_PREFIX: size.prefix,
      RECORDS_URL: `http://127.0.0.1:${size.ports.records}`,
      // The limiter still runs (a Redis round trip per request) but this budget is never reached.
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '100000000',
    }),
    bareQuery: launch('bare-query', 'bench/bare-server.ts', { PORT: String(size.ports.bareQuery), DATABASE_URL: size.db, MODE: 'query' }),
  });
  const stacks = SIZES.map(launchStack);
  const barePreserialised = launch('bare-preserialised', 'bench/bare-server.ts', {
    PORT: String(PRESERIALISED_PORT),
    DATABASE_URL: SIZE.db,
    MODE: 'preserialised',
    PRESERIALISED_REGISTRATION: registrationOf(12345),
  });
  await Promise.all([
    ...SIZES.flatMap(({ ports }) => [
      waitUntilAnswering(`http://127.0.0.1:${ports.gateway}/readyz`),
      waitUntilAnswering(`http://127.0.0.1:${ports.records}/readyz`),
      waitUntilAnswering(`http://127.0.0.1:${ports.bareQuery}/healthz`),
    ]),
    waitUntilAnswering(`http://127.0.0.1:${PRESERIALISED_PORT}/healthz`),
  ]);
  await waitUntilPrewarmed(redis, redisUsedBefore);
  const sample = await fetch(`http://127.0.0.1:${SIZE.ports.gateway}/api/v1/service-records/lookup/${registrationOf(12345)}`).then((r) => r.json());
  console.log(`Sample answer has ${(sample as { data: { serviceRecords: unknown[] } }).data.serviceRecords.length} records.`);

  const pidsOf = (part: 'records' | 'gateway' | 'bareQuery') => stacks.map((stack) => stack[part].pid!);
  const processGroups: ProcessGroups = {
    autocannon: { pids: [process.pid] },
    gateway: { pids: pidsOf('gateway') },
    records: { pids: pidsOf('records') },
    bare: { pids: [...pidsOf('bareQuery'), barePreserialised.pid!] },
    postgres: { program: 'postgres' },
    redis: { program: 'redis-server' },
  };
  const PLATFORM = 'platform (gateway -> records)';
  const BARE_QUERY = 'bare node:http + prepared pg query';
  const RECORDS_ALONE = 'records service alone (no gateway)';
  const PRESERIALISED = 'bare node:http, pre-serialised body';
  const atReference = (name: string) => `${name.split(' (')[0]} at 1M`;
  const referenceTargets: Target[] =
    REFERENCE
      ? [
          [atReference(PLATFORM), REFERENCE.ports.gateway, REFERENCE.vehicles],
          [atReference(BARE_QUERY), REFERENCE.ports.bareQuery, REFERENCE.vehicles],
        ]
      : [];
  const results: Result[] = [];
  const everyWorkload: Target[] = [
    [PLATFORM, SIZE.ports.gateway, SIZE.vehicles],
    [RECORDS_ALONE, SIZE.ports.records, SIZE.vehicles],
    [BARE_QUERY, SIZE.ports.bareQuery, SIZE.vehicles],
  ];
  const workloads: [Workload, Target[]][] = [
    ['uniform', [...everyWorkload, [PRESERIALISED, PRESERIALISED_PORT, SIZE.vehicles], ...referenceTargets]],
    ['popular', [...everyWorkload, ...referenceTargets]],
  ];
  for (const [workload, targets] of workloads.filter(([name]) => CHOSEN_WORKLOADS.includes(name))) {
    console.log(`Loading ${targets.map(([name]) => name).join(', ')} in turns, ${workload}, ${DURATION_S} s each...`);
    results.push(...(await loadInTurns(targets, workload, processGroups)));
  }

  const find = (name: string, workload: Workload) => results.find((r) => r.name === name && r.workload === workload)!;
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
    const names = Object.keys(processGroups);
    console.log(`\nCPU microseconds per request\n${'target'.padEnd(44)}${'workload'.padEnd(10)}${names.map((name) => name.padStart(12)).join('')}${'total'.padStart(8)}`);
    for (const r of results) {
      const used = r.cpuMicrosPerRequest!;
      const total = names.reduce((sum, name) => sum + used[name]!, 0);
      console.log(`${r.name.padEnd(44)}${r.workload.padEnd(10)}${names.map((name) => String(used[name]).padStart(12)).join('')}${String(total).padStart(8)}`);
    }
  }
  const ratio = (a: Result, b: Result) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(2);
  console.log('');
  for (const workload of CHOSEN_WORKLOADS as Workload[]) {
    const platform = find(PLATFORM, workload);
    const bareQuery = find(BARE_QUERY, workload);
    const recordsAlone = find(RECORDS_ALONE, workload);
    console.log(
      `${workload.padEnd(8)} platform / bare query:       ${ratio(platform, bareQuery)}x throughput, p99 ${platform.p99} ms against ${bareQuery.p99} ms (each round: ${platform.p99ByRound.join(', ')} against ${bareQuery.p99ByRound.join(', ')})`,
    );
    console.log(`${workload.padEnd(8)} records alone / bare query:  ${ratio(recordsAlone, bareQuery)}x throughput (the gateway's share is the rest)`);
  }
  if (CHOSEN_WORKLOADS.includes('uniform')) {
    console.log(`uniform  platform / pre-serialised:  ${ratio(find(PLATFORM, 'uniform'), find(PRESERIALISED, 'uniform'))}x throughput`);
  }
  if (REFERENCE) {
    // The same code on both sizes of data, in turns in this run: what the data's size alone changes.
    for (const workload of CHOSEN_WORKLOADS as Workload[]) {
      for (const name of [PLATFORM, BARE_QUERY]) {
        const now = find(name, workload);
        const reference = find(atReference(name), workload);
        console.log(
          `${workload.padEnd(8)} ${name}: ${now.requestsPerSecond.toFixed(0)} req/s at ${RECORDS.toLocaleString('en-GB')} records, ${reference.requestsPerSecond.toFixed(0)} at 1,000,000 in this run (${((now.requestsPerSecond / reference.requestsPerSecond - 1) * 100).toFixed(1)}%)`,
        );
      }
    }
  }
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  const resultsFile = path.join(ROOT, `bench/results/${RECORDS === DEFAULT_RECORDS ? 'lookup' : `lookup-${RECORDS}`}.json`);
  if (EVERY_WORKLOAD) writeFileSync(resultsFile, JSON.stringify({ at: new Date().toISOString(), records: RECORDS, durationS: DURATION_S, connections: CONNECTIONS, results }, null, 2));
} finally {
  stopEveryLaunched();
  console.log(`Deleted ${(await forgetPublishedAnswers(redis)).toLocaleString('en-GB')} published answers and versions from Redis.`);
  redis.disconnect();
}

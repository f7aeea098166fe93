/**
 * `npm run bench:lookup`: the public lookup under load, measured against two baselines in the same run.
 *
 * 1. Seeds 1,000,000 service records over 200,000 vehicles into the database sh_records_bench (kept between
 *    runs; re-seeded only when its size differs).
 * 2. Loads GET /api/v1/service-records/lookup/{reg} through the real gateway and records service with
 *    autocannon: 100 connections, no pipelining, 20 s, each request a random seeded registration.
 * 3. Loads, the same way, a bare node:http server answering the same lookup with one prepared pg query,
 *    and the same bare server returning a body serialised once in advance.
 * It prints req/s and p50/p99 latency for each, and the ratios of the platform to each baseline; the records
 * service is also loaded on its own, to show how the cost splits between the gateway and the service.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureDatabase, migrate } from '@sh/shared/server';
import { checkInfrastructure, databaseUrl, ROOT } from '../scripts/stack.js';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BENCH_DB = databaseUrl(POSTGRES_URL, 'sh_records_bench');
const VEHICLES = 200_000;
const RECORDS_PER_VEHICLE = 5;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 100;
const PORTS = { gateway: 38080, records: 34003, bareQuery: 38101, barePreserialised: 38102 };

/** The registration of bench vehicle n: 'BX', two digits, three letters — a valid 7-character plate. */
const REGISTRATION_SQL = `'BX' || lpad((v % 100)::text, 2, '0') || chr(65 + (v / 100 / 676) % 26) || chr(65 + (v / 100 / 26) % 26) || chr(65 + (v / 100) % 26)`;
function registrationOf(v: number): string {
  const n = Math.floor(v / 100);
  const letter = (k: number) => String.fromCharCode(65 + (k % 26));
  return `BX${String(v % 100).padStart(2, '0')}${letter(Math.floor(n / 676))}${letter(Math.floor(n / 26))}${letter(n)}`;
}

async function seed(): Promise<void> {
  await ensureDatabase(BENCH_DB);
  const pool = new pg.Pool({ connectionString: BENCH_DB, max: 2 });
  try {
    await migrate(pool, path.join(ROOT, 'services/records/migrations'));
    // Benchmark rows are not a history anyone relies on: the records service is not asked to chain them.
    await pool.query('TRUNCATE records_awaiting_chain');
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM service_records');
    const expected = VEHICLES * RECORDS_PER_VEHICLE;
    if (rows[0]!.n === expected) {
      console.log(`Benchmark data present: ${expected.toLocaleString('en-GB')} records over ${VEHICLES.toLocaleString('en-GB')} vehicles.`);
      return;
    }
    console.log(`Seeding ${expected.toLocaleString('en-GB')} records over ${VEHICLES.toLocaleString('en-GB')} vehicles...`);
    const started = Date.now();
    await pool.query('TRUNCATE service_records, garage_directory');
    await pool.query(
      `INSERT INTO garage_directory (garage_id, name, address)
       SELECT md5('garage' || g)::uuid, 'Bench Garage ' || g || ' Ltd', g || ' High Street, Leeds, LS1 ' || g || 'AB'
         FROM generate_series(1, 50) AS g`,
    );
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
         FROM generate_series(0, ${VEHICLES - 1}) AS v, generate_series(0, ${RECORDS_PER_VEHICLE - 1}) AS r`,
    );
    await pool.query('ANALYZE service_records');
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await pool.end();
  }
}

function launch(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`${name} exited with ${code}`);
  });
  return child;
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

interface Result {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(name: string, baseUrl: string, pathFor: (reg: string) => string): Promise<Result> {
  const run = (duration: number) =>
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      pipelining: 1,
      duration,
      requests: [
        {
          setupRequest: (request) => ({ ...request, path: pathFor(registrationOf(Math.floor(Math.random() * VEHICLES))) }),
        },
      ],
    });
  await run(3); // warm-up: JIT, connection pools, Postgres buffers
  const result = await run(DURATION_S);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const problems = await checkInfrastructure(POSTGRES_URL, REDIS_URL);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
await seed();

const children: ChildProcess[] = [];
try {
  children.push(
    launch('records', 'services/records/src/main.ts', {
      PORT: String(PORTS.records),
      DATABASE_URL: BENCH_DB,
      REDIS_URL,
      BULLMQ_PREFIX: 'bench',
    }),
  );
  children.push(
    launch('gateway', 'services/gateway/src/main.ts', {
      PORT: String(PORTS.gateway),
      REDIS_URL,
      BULLMQ_PREFIX: 'bench',
      RECORDS_URL: `http://127.0.0.1:${PORTS.records}`,
      // The limiter still runs (a Redis round trip per request) but this budget is never reached.
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '100000000',
    }),
  );
  children.push(launch('bare-query', 'bench/bare-server.ts', { PORT: String(PORTS.bareQuery), DATABASE_URL: BENCH_DB, MODE: 'query' }));
  children.push(
    launch('bare-preserialised', 'bench/bare-server.ts', {
      PORT: String(PORTS.barePreserialised),
      DATABASE_URL: BENCH_DB,
      MODE: 'preserialised',
      PRESERIALISED_REGISTRATION: registrationOf(12345),
    }),
  );
  await Promise.all([
    waitFor(`http://127.0.0.1:${PORTS.gateway}/readyz`),
    waitFor(`http://127.0.0.1:${PORTS.records}/readyz`),
    waitFor(`http://127.0.0.1:${PORTS.bareQuery}/healthz`),
    waitFor(`http://127.0.0.1:${PORTS.barePreserialised}/healthz`),
  ]);
  const sample = await fetch(`http://127.0.0.1:${PORTS.gateway}/api/v1/service-records/lookup/${registrationOf(12345)}`).then((r) => r.json());
  console.log(`Sample answer has ${(sample as { data: { serviceRecords: unknown[] } }).data.serviceRecords.length} records.`);

  const results: Result[] = [];
  for (const [name, port] of [
    ['platform (gateway -> records)', PORTS.gateway],
    ['records service alone (no gateway)', PORTS.records],
    ['bare node:http + prepared pg query', PORTS.bareQuery],
    ['bare node:http, pre-serialised body', PORTS.barePreserialised],
  ] as const) {
    console.log(`Loading ${name} for ${DURATION_S} s...`);
    results.push(await load(name, `http://127.0.0.1:${port}`, (reg) => `/api/v1/service-records/lookup/${reg}`));
  }

  const [platform, recordsAlone, bareQuery, preserialised] = results as [Result, Result, Result, Result];
  console.log(`\n${'target'.padEnd(40)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-2xx'.padStart(9)}${'errors'.padStart(8)}`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(40)}${r.requestsPerSecond.toFixed(0).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.non2xx).padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
  console.log(`\nplatform / bare query:         ${(platform.requestsPerSecond / bareQuery.requestsPerSecond).toFixed(2)}x throughput`);
  console.log(`platform / pre-serialised:     ${(platform.requestsPerSecond / preserialised.requestsPerSecond).toFixed(2)}x throughput`);
  console.log(`bare query / pre-serialised:   ${(bareQuery.requestsPerSecond / preserialised.requestsPerSecond).toFixed(2)}x throughput`);
  console.log(`records alone / bare query:    ${(recordsAlone.requestsPerSecond / bareQuery.requestsPerSecond).toFixed(2)}x throughput (the gateway's share is the rest)`);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/lookup.json'), JSON.stringify({ at: new Date().toISOString(), durationS: DURATION_S, connections: CONNECTIONS, results }, null, 2));
} finally {
  for (const child of children) child.kill('SIGTERM');
}

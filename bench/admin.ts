/**
 * `npm run bench:admin`: the admin's pages at scale, against the services' own answers in the same run.
 *
 * 1. Seeds 10,000 garages (sh_garages_bench_admin) and 1,000,000 service records over 200,000 vehicles, one in a
 *    hundred amended (sh_records_bench_admin); kept between runs, re-seeded only when a count differs.
 * 2. Starts garages, records and the gateway as `npm start` would (development mode, a fresh admin key pair).
 * 3. Asks GET /api/v1/admin/data through the gateway for: the overview (both first pages, the totals, the audit), a
 *    page of records 100 pages deep, a registration search, a page of garages 50 pages deep, and a garage search.
 *    Each is loaded with autocannon for BENCH_DURATION seconds (default 10), first with one connection (what one admin
 *    waits for a page) and then with ten (throughput). The baseline, measured the same way in the same run, is the
 *    service's own /internal/ answer for the same page, without the gateway's composition.
 * It prints req/s, p50 and p99 per page, and checks that every page answered 200 with the rows asked for.
 */
import { writeResults } from './results.js';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  exitUnlessInfrastructure,
  launch,
  machineDatabaseUrl,
  migrationsOf,
  REDIS_URL,
  stopEveryLaunched,
  waitUntilAnswering,
} from '@sh/shared/launcher';
import { DEV_INTERNAL_TOKEN, ensureDatabase, INTERNAL_TOKEN_HEADER, migrate, signAccessToken } from '@sh/shared/server';

const GARAGES_DB = machineDatabaseUrl('sh_garages_bench_admin');
const RECORDS_DB = machineDatabaseUrl('sh_records_bench_admin');
const GARAGES = 10_000;
const VEHICLES = 200_000;
const RECORDS_PER_VEHICLE = 5;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PORTS = { gateway: 37080, garages: 37002, records: 37003 };
const TARGET_MS = 200;

/** Garage n's id, the same in both databases: an md5 shaped as a version-4 UUID, as the contract's schemas expect. */
const GARAGE_ID_SQL = (n: string) =>
  `overlay(overlay(md5('bench-garage-' || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;
/** Vehicle v's registration: 'BA', two digits, three letters. */
const REGISTRATION_SQL = `'BA' || lpad((v % 100)::text, 2, '0') || chr(65 + (v / 100 / 676) % 26) || chr(65 + (v / 100 / 26) % 26) || chr(65 + (v / 100) % 26)`;
function registrationOf(v: number): string {
  const n = Math.floor(v / 100);
  const letter = (k: number) => String.fromCharCode(65 + (k % 26));
  return `BA${String(v % 100).padStart(2, '0')}${letter(Math.floor(n / 676))}${letter(Math.floor(n / 26))}${letter(n)}`;
}

async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  await ensureDatabase(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

async function count(pool: pg.Pool, sql: string): Promise<number> {
  return (await pool.query<{ n: number }>(sql)).rows[0]!.n;
}

async function seedGarages(): Promise<void> {
  await withPool(GARAGES_DB, async (pool) => {
    await migrate(pool, migrationsOf('garages'));
    if ((await count(pool, 'SELECT count(*)::int AS n FROM garages')) === GARAGES) return;
    console.log(`Seeding ${GARAGES.toLocaleString('en-GB')} garages...`);
    await pool.query('TRUNCATE garages CASCADE');
    // Every third garage was referred by the one before it; statuses cycle through the four a garage can have.
    await pool.query(
      `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code,
                            referred_by, subscription_status, created_at)
       SELECT ${GARAGE_ID_SQL('g')}, 'Bench Garage ' || g || ' Ltd', 'BENCH GARAGE ' || g || ' LTD', 'BA' || lpad(g::text, 6, '0'),
              'garage' || g || '@bench.example.co.uk', '0113' || lpad(g::text, 7, '0'), g || ' High Street, Leeds, LS1 1AB',
              'Owner ' || g, 'GAR-B' || lpad(g::text, 7, '0'),
              CASE WHEN g % 3 = 0 THEN ${GARAGE_ID_SQL('(g - 1)')} END,
              (ARRAY['active', 'trialing', 'past_due', 'canceled'])[1 + g % 4], now() - g * interval '1 hour'
         FROM generate_series(1, ${GARAGES}) AS g`,
    );
    await pool.query('ANALYZE garages');
  });
}

async function seedRecords(): Promise<void> {
  await withPool(RECORDS_DB, async (pool) => {
    await migrate(pool, migrationsOf('records'));
    const expected = VEHICLES * RECORDS_PER_VEHICLE;
    if ((await count(pool, 'SELECT count(*)::int AS n FROM service_records')) === expected) return;
    console.log(
      `Seeding ${expected.toLocaleString('en-GB')} records over ${VEHICLES.toLocaleString('en-GB')} vehicles...`,
    );
    const started = Date.now();
    await pool.query('TRUNCATE service_records, garage_directory, record_amendments');
    await pool.query(
      `INSERT INTO garage_directory (garage_id, name, address, email)
       SELECT ${GARAGE_ID_SQL('g')}, 'Bench Garage ' || g || ' Ltd', g || ' High Street, Leeds, LS1 1AB', 'garage' || g || '@bench.example.co.uk'
         FROM generate_series(1, ${GARAGES}) AS g`,
    );
    // Straight into the table, outside any chain: no one relies on benchmark rows' history.
    await pool.query(
      `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes, technician_name,
                                    customer_email, signed_by)
       SELECT ${GARAGE_ID_SQL('(1 + (v * 7 + r) % ' + GARAGES + ')')}, 'BENCHVIN' || lpad(v::text, 9, '0'), ${REGISTRATION_SQL},
              date '2016-01-01' + (r * 365 + (v % 200)), 8000 * (r + 1) + (v % 5000),
              CASE r % 3 WHEN 0 THEN 'Full Service' WHEN 1 THEN 'Oil & Filter Change' ELSE 'Brake Pad Replacement, MOT Test' END,
              'Routine work carried out; vehicle in good condition.', 'Sam Patel', 'owner' || v || '@example.co.uk', 'Sam Patel'
         FROM generate_series(0, ${VEHICLES - 1}) AS v, generate_series(0, ${RECORDS_PER_VEHICLE - 1}) AS r`,
    );
    await pool.query(
      `INSERT INTO record_amendments (id, record_id, amended_by, amended_by_email, amended_at, reason, changes)
       SELECT gen_random_uuid(), id, '00000000-0000-4000-8000-00000000a001', 'admin@bench.example.co.uk', now(), 'Notes corrected',
              '[{"field":"notes","from":"Routine work.","to":"Routine work carried out; vehicle in good condition."}]'::jsonb
         FROM service_records WHERE mileage % 100 = 0`,
    );
    await pool.query('ANALYZE');
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

/**
 * A benchmark process, on this run's Redis and queue prefix, in a session of its own (LaunchOptions.ownSession), quiet
 * but for warnings, stopped when the benchmark ends however it ends.
 */
function launchBench(name: string, script: string, env: Record<string, string>): ChildProcess {
  return launch(name, script, {
    env: { REDIS_URL, REDIS_KEY_PREFIX: 'bench_admin', ...env },
    ownSession: true,
    reportsFailure: true,
  });
}

interface Page {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** How many rows each answer must hold, and where they are. */
  expectRows: (body: unknown) => number;
  minRows: number;
}

interface Result {
  page: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(page: Page, connections: number): Promise<Result> {
  const run = (duration: number) =>
    autocannon({ url: page.url, headers: page.headers, connections, pipelining: 1, duration });
  await run(2);
  const result = await run(DURATION_S);
  return {
    page: page.name,
    connections,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function getJson(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

/** Follows nextCursor `pages` times and answers the cursor of the page after. */
async function cursorAfter(
  url: (cursor: string | null) => string,
  headers: Record<string, string>,
  pick: (data: Record<string, unknown>) => string | null,
  pages: number,
): Promise<string> {
  let cursor: string | null = null;
  for (let i = 0; i < pages; i += 1) {
    const { body } = await getJson(url(cursor), headers);
    cursor = pick(body.data);
    if (!cursor) throw new Error(`the list ended after ${i + 1} pages`);
  }
  return cursor!;
}

await exitUnlessInfrastructure();
await seedGarages();
await seedRecords();

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const adminToken = signAccessToken(
  keys.privateKey,
  { sub: randomUUID(), role: 'admin', email: 'admin@bench.example.co.uk' },
  3600,
);
try {
  launchBench('garages', 'services/garages/src/main.ts', {
    PORT: String(PORTS.garages),
    DATABASE_URL: GARAGES_DB,
    JWT_PUBLIC_KEY: keys.publicKey,
  });
  launchBench('records', 'services/records/src/main.ts', {
    PORT: String(PORTS.records),
    DATABASE_URL: RECORDS_DB,
    JWT_PUBLIC_KEY: keys.publicKey,
  });
  launchBench('gateway', 'services/gateway/src/main.ts', {
    PORT: String(PORTS.gateway),
    GARAGES_URL: `http://127.0.0.1:${PORTS.garages}`,
    RECORDS_URL: `http://127.0.0.1:${PORTS.records}`,
    JWT_PUBLIC_KEY: keys.publicKey,
    RATE_LIMIT_API_PER_MINUTE: '100000000',
  });
  await Promise.all(
    [PORTS.garages, PORTS.records, PORTS.gateway].map((port) => waitUntilAnswering(`http://127.0.0.1:${port}/readyz`)),
  );

  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const internal = { [INTERNAL_TOKEN_HEADER]: process.env.INTERNAL_TOKEN ?? DEV_INTERNAL_TOKEN };
  const gateway = `http://127.0.0.1:${PORTS.gateway}/api/v1/admin/data`;
  const garagesInternal = `http://127.0.0.1:${PORTS.garages}/internal/admin/garages`;
  const recordsInternal = `http://127.0.0.1:${PORTS.records}/internal/admin/service-records`;
  const rowsOf = (key: string) => (body: unknown) =>
    ((body as { data: Record<string, unknown[]> }).data[key] ?? []).length;

  const overview = await getJson(`${gateway}?limit=20`, asAdmin);
  if (overview.status !== 200)
    throw new Error(`admin/data answered ${overview.status}: ${JSON.stringify(overview.body)}`);
  const totals = overview.body.data.totals as Record<string, unknown>;
  console.log(`Totals: ${JSON.stringify(totals)}; unavailable: ${JSON.stringify(overview.body.data.unavailable)}`);
  if (totals.garages !== GARAGES || totals.serviceRecords !== VEHICLES * RECORDS_PER_VEHICLE)
    throw new Error('the totals do not match the seeded data');

  const deepRecords = await cursorAfter(
    (c) => `${gateway}?only=serviceRecords&limit=100${c ? `&records_cursor=${c}` : ''}`,
    asAdmin,
    (d) => (d.nextCursors as Record<string, string | null>).serviceRecords ?? null,
    100,
  );
  const deepGarages = await cursorAfter(
    (c) => `${gateway}?only=garages&limit=100${c ? `&garages_cursor=${c}` : ''}`,
    asAdmin,
    (d) => (d.nextCursors as Record<string, string | null>).garages ?? null,
    50,
  );
  const registration = registrationOf(123_457);
  const pages: Array<{ gateway: Page; baseline: Page }> = [
    {
      gateway: {
        name: 'overview (both first pages of 20, totals, audit)',
        url: `${gateway}?limit=20`,
        headers: asAdmin,
        expectRows: rowsOf('serviceRecords'),
        minRows: 20,
      },
      baseline: {
        name: 'records alone: first page of 20 and totals',
        url: `${recordsInternal}?limit=20`,
        headers: internal,
        expectRows: rowsOf('serviceRecords'),
        minRows: 20,
      },
    },
    {
      gateway: {
        name: 'records, page 101 of 100 rows',
        url: `${gateway}?only=serviceRecords&limit=100&records_cursor=${deepRecords}`,
        headers: asAdmin,
        expectRows: rowsOf('serviceRecords'),
        minRows: 100,
      },
      baseline: {
        name: 'records alone: page 101 of 100 rows',
        url: `${recordsInternal}?limit=100&cursor=${deepRecords}`,
        headers: internal,
        expectRows: rowsOf('serviceRecords'),
        minRows: 100,
      },
    },
    {
      gateway: {
        name: `records, search ${registration}`,
        url: `${gateway}?only=serviceRecords&limit=100&records_q=${registration}`,
        headers: asAdmin,
        expectRows: rowsOf('serviceRecords'),
        minRows: RECORDS_PER_VEHICLE,
      },
      baseline: {
        name: `records alone: search ${registration}`,
        url: `${recordsInternal}?limit=100&q=${registration}`,
        headers: internal,
        expectRows: rowsOf('serviceRecords'),
        minRows: RECORDS_PER_VEHICLE,
      },
    },
    {
      gateway: {
        name: 'garages, page 51 of 100 rows',
        url: `${gateway}?only=garages&limit=100&garages_cursor=${deepGarages}`,
        headers: asAdmin,
        expectRows: rowsOf('garages'),
        minRows: 100,
      },
      baseline: {
        name: 'garages alone: page 51 of 100 rows',
        url: `${garagesInternal}?limit=100&cursor=${deepGarages}`,
        headers: internal,
        expectRows: rowsOf('garages'),
        minRows: 100,
      },
    },
    {
      gateway: {
        name: 'garages, search "garage 77"',
        url: `${gateway}?only=garages&limit=100&garages_q=garage%2077`,
        headers: asAdmin,
        expectRows: rowsOf('garages'),
        minRows: 100,
      },
      baseline: {
        name: 'garages alone: search "garage 77"',
        url: `${garagesInternal}?limit=100&q=garage%2077`,
        headers: internal,
        expectRows: rowsOf('garages'),
        minRows: 100,
      },
    },
  ];
  for (const { gateway: page, baseline } of pages) {
    for (const checked of [page, baseline]) {
      const { status, body } = await getJson(checked.url, checked.headers);
      const rows = checked.expectRows(body);
      if (status !== 200 || rows < checked.minRows)
        throw new Error(`${checked.name}: ${status} with ${rows} rows (at least ${checked.minRows} expected)`);
    }
  }

  const results: Result[] = [];
  for (const connections of [1, 10]) {
    for (const { gateway: page, baseline } of pages) {
      console.log(
        `Loading "${page.name}" and its baseline with ${connections} connection(s) for ${DURATION_S} s each...`,
      );
      results.push(await load(page, connections), await load(baseline, connections));
    }
  }
  console.log(
    `\n${'page'.padEnd(52)}${'conns'.padStart(6)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'non-2xx'.padStart(9)}`,
  );
  for (const r of results) {
    console.log(
      `${r.page.padEnd(52)}${String(r.connections).padStart(6)}${r.requestsPerSecond.toFixed(0).padStart(8)}${String(r.p50).padStart(8)}${String(r.p99).padStart(8)}${String(r.non2xx + r.errors).padStart(9)}`,
    );
  }
  const single = results.filter((r) => r.connections === 1 && !r.page.includes('alone'));
  const slowest = Math.max(...single.map((r) => r.p99));
  console.log(
    `\nSlowest admin/data page, one admin at a time: p99 ${slowest} ms (target: under ${TARGET_MS} ms) -> ${slowest < TARGET_MS ? 'met' : 'NOT met'}`,
  );
  for (let i = 0; i < results.length; i += 2) {
    const [page, baseline] = [results[i]!, results[i + 1]!];
    console.log(
      `${page.page.padEnd(52)} ${page.connections} conn: ${(page.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)}x the service's own answer`,
    );
  }
  writeResults('admin', { durationS: DURATION_S, results });
  if (results.some((r) => r.non2xx + r.errors > 0)) process.exitCode = 1;
} finally {
  await stopEveryLaunched();
}

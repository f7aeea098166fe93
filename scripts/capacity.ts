/**
 * `npm run capacity [-- --vehicles N ...]`: what a load needs, from the figures the benchmarks measured.
 *
 * Reads bench/results/{lookup,create,pages,footprint}.json (this machine's runs of `npm run bench:lookup`, `bench:create`,
 * `bench:pages` and `bench:footprint`), each one absent from bench/results/reference/ (the committed reference run's),
 * and says which run each came from; takes the load from flags or CAPACITY_* variables (defaults: issue 27's, below), and prints each
 * input with the file and field it came from, then the replicas, cores, memory, Redis and Postgres the load needs
 * (scripts/capacity-model.ts), then the assumptions. The model and where it breaks: docs/capacity.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '@sh/shared/launcher';
import {
  DEFAULT_LOAD,
  DEFAULT_PLANNING,
  INPUTS,
  type InputName,
  type Load,
  PARTS,
  plan,
  readInputs,
  REFERENCE_DIR,
  whichRun,
} from './capacity-model.js';

/** Each flag of the load, the variable that may set it instead, and what it means. */
const LOAD_FLAGS = {
  vehicles: ['CAPACITY_VEHICLES', 'vehicles in the register'],
  'lookups-per-day': ['CAPACITY_LOOKUPS_PER_DAY', 'public lookups a day'],
  'lookup-peak': ['CAPACITY_LOOKUP_PEAK', "the peak hour's lookups, times the average hour's"],
  'page-share': ['CAPACITY_PAGE_SHARE', 'the share of lookups made by opening the results page (0 to 1)'],
  garages: ['CAPACITY_GARAGES', 'garages logging services'],
  'services-per-garage': ['CAPACITY_SERVICES_PER_GARAGE', 'services each garage logs a day'],
  'services-peak': ['CAPACITY_SERVICES_PEAK', "the peak hour's services logged, times the average hour's"],
  'records-per-vehicle': ['CAPACITY_RECORDS_PER_VEHICLE', 'records per vehicle in the register'],
  years: ['CAPACITY_YEARS', 'years of services logged Postgres must hold'],
} as const;
type LoadFlag = keyof typeof LOAD_FLAGS;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function loadFrom(argv: string[], env: NodeJS.ProcessEnv): { load: Load; resultsDir: string } {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(Object.keys(LOAD_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
        results: { type: 'string' },
      },
    });
  } catch (error) {
    fail(
      `${(error as Error).message}\nFlags: ${Object.keys(LOAD_FLAGS)
        .map((f) => `--${f}`)
        .join(', ')}, --results <dir>`,
    );
  }
  const number = (flag: LoadFlag): number | undefined => {
    const text = (parsed.values[flag] as string | undefined) ?? env[LOAD_FLAGS[flag][0]];
    if (text === undefined) return undefined;
    const value = Number(text.replaceAll('_', ''));
    if (text.trim() === '' || !Number.isFinite(value) || value < 0)
      fail(`--${flag} (${LOAD_FLAGS[flag][0]}) must be a number of at least 0, not "${text}"`);
    return value;
  };
  const lookupPeak = number('lookup-peak') ?? DEFAULT_LOAD.lookupPeakFactor;
  return {
    load: {
      vehicles: number('vehicles') ?? DEFAULT_LOAD.vehicles,
      lookupsPerDay: number('lookups-per-day') ?? DEFAULT_LOAD.lookupsPerDay,
      lookupPeakFactor: lookupPeak,
      lookupPageShare: Math.min(1, number('page-share') ?? DEFAULT_LOAD.lookupPageShare),
      garages: number('garages') ?? DEFAULT_LOAD.garages,
      servicesPerGarageDay: number('services-per-garage') ?? DEFAULT_LOAD.servicesPerGarageDay,
      servicesPeakFactor: number('services-peak') ?? lookupPeak,
      recordsPerVehicle: number('records-per-vehicle') ?? DEFAULT_LOAD.recordsPerVehicle,
      years: number('years') ?? DEFAULT_LOAD.years,
    },
    resultsDir: (parsed.values.results as string | undefined) ?? path.join(ROOT, 'bench/results'),
  };
}

const { load, resultsDir } = loadFrom(process.argv.slice(2), process.env);
const files: Record<string, unknown> = {};
/** Each file read: where, and which run wrote it (this machine's, else the committed reference run's). */
const used: Record<string, { where: string; run: string }> = {};
for (const file of new Set(Object.values(INPUTS).map((source) => source.file))) {
  const local = path.join(resultsDir, file);
  const reference = path.join(resultsDir, REFERENCE_DIR, file);
  const where = existsSync(local) ? local : existsSync(reference) ? reference : null;
  if (!where) continue;
  try {
    files[file] = JSON.parse(readFileSync(where, 'utf8'));
  } catch (error) {
    fail(`${where} is not JSON (${(error as Error).message}): run its benchmark again.`);
  }
  used[file] = { where, run: whichRun(files[file], where === reference) };
}
const read = readInputs(files);
if (!read.inputs) {
  const byBenchmark = new Map<string, string[]>();
  for (const missing of read.missing)
    byBenchmark.set(missing.benchmark, [
      ...(byBenchmark.get(missing.benchmark) ?? []),
      `${missing.file}: ${missing.field}`,
    ]);
  fail(
    `Missing figures in ${resultsDir}:\n` +
      [...byBenchmark]
        .map(
          ([benchmark, fields]) => `  run \`${benchmark}\` (bench/README.md) to record:\n    ${fields.join('\n    ')}`,
        )
        .join('\n'),
  );
}
const inputs = read.inputs;
const result = plan(inputs, load, DEFAULT_PLANNING);

const n = (value: number, digits = 0, minimumDigits = digits) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: minimumDigits, maximumFractionDigits: digits });
const gb = (bytes: number) => `${n(bytes / 1e9, 1)} GB`;
const row = (cells: string[], widths: number[]) =>
  cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');

console.log('Inputs, measured:');
for (const [file, { where, run }] of Object.entries(used))
  console.log(`  ${file}: ${run} (${path.relative(process.cwd(), where)})`);
if (new Set(Object.values(used).map(({ run }) => run.replace(/ of .*/, ''))).size > 1)
  console.log(
    "  (this machine's runs and the reference run together: compare figures within one run, bench/README.md)",
  );
const inputWidth = Math.max(...Object.values(INPUTS).map((s) => s.meaning.length));
for (const [name, source] of Object.entries(INPUTS) as [InputName, (typeof INPUTS)[InputName]][]) {
  console.log(
    `  ${source.meaning.padEnd(inputWidth)}  ${n(inputs[name], 1, 0).padStart(9)}  ${source.file}: ${source.field}`,
  );
}

console.log('\nLoad:');
console.log(`  ${n(load.vehicles)} vehicles (${n(result.postgres.recordsPerVehicle, 1)} records each)`);
console.log(
  `  ${n(load.lookupsPerDay)} lookups a day, peak hour ${n(load.lookupPeakFactor, 1)}x the average: ${n(result.peakLookupsPerSecond, 1)} lookups/s`,
);
console.log(
  `  ${n(load.garages)} garages x ${n(load.servicesPerGarageDay)} services a day = ${n(result.servicesPerDay)} a day, peak hour ${n(load.servicesPeakFactor, 1)}x the average: ${n(result.peakServicesPerSecond, 1)} services/s`,
);

const widths = [14, 14, 9, 12];
console.log(
  `\nAt the peak hour (replicas planned to ${n(DEFAULT_PLANNING.utilisation * 100)} % of ${DEFAULT_PLANNING.coresPerReplica} core each, at least ${DEFAULT_PLANNING.minReplicas}):`,
);
console.log(`  ${row(['part', 'cores at peak', 'replicas', 'memory MiB'], widths)}`);
for (const part of PARTS) {
  const p = result.parts[part];
  console.log(`  ${row([part, n(p.cores, 3), String(p.replicas), n(p.memoryMiB)], widths)}`);
}
console.log(`  ${row(['Redis', n(result.redisCores, 3), '1', '(below)'], widths)}`);
console.log(`  ${row(['Postgres', n(result.postgresCores, 3), '', '(below)'], widths)}`);
console.log(
  `  ${row(['total', n(result.totalCores, 3), String(result.totalReplicas), n(result.totalMemoryMiB)], widths)}`,
);
console.log(
  `  of the gateway's ${n(result.parts.gateway.cores, 3)} cores, rendering the results pages: ${n(result.pageRenderCores, 3)}`,
);
console.log(
  `  of identity's ${n(result.parts.identity.cores, 3)} cores, argon2id's verifies alone: ${n(result.argon2Cores, 3)}`,
);
console.log(
  `  of records' ${n(result.parts.records.cores, 3)} cores, publishing every vehicle's answer again once a day: ${n(result.republishCores, 3)}`,
);
console.log(`\nRedis: ${gb(result.redisBytes)} of published answers (every vehicle's, LOOKUP_ANSWERS_PREWARM=true)`);
console.log(
  `Postgres: ${gb(result.postgres.totalBytes)} = the register ${gb(result.postgres.registerBytes)}` +
    ` + ${n(load.years, 1)} year(s) of services logged (records ${gb(result.postgres.recordsGrowthBytesPerYear)}` +
    ` and notifications ${gb(result.postgres.notificationsGrowthBytesPerYear)} a year)`,
);

console.log(`
Assumptions:
  - Cores are CPU time per request measured from /proc on a 2-core development machine (shared with other work while
    it ran) times the peak rate; a production core of another speed scales them all alike.
  - A lookup costs what the lookup benchmark's uniform workload measured through the platform: every answer published
    in Redis (LOOKUP_ANSWERS_PREWARM=true), so records and Postgres are barely asked. A lookup made by opening the
    results page (--page-share of them, ${n(load.lookupPageShare * 100)} % here) costs the gateway the page's render with the vehicle's history
    besides, as the page benchmark measured it for a vehicle of its records; a page kept (the same vehicle, answer and
    UK day) costs none, which is not counted.
  - A service logged costs what the create benchmark measured per record created (gateway, identity's argon2id
    re-check, records' chain, log, outbox and receipt, notifications' mails); Redis and Postgres CPU in it include
    whatever else the shared servers did meanwhile (Postgres: only the benchmark's own backends).
  - The issue gives no peak for services logged: the lookups' peak factor applies unless --services-peak is given.
  - The vehicle report (DVLA, DVSA), sign-ins, the admin's pages, billing and garages' own work are not in the load.
  - Each replica uses at most ${DEFAULT_PLANNING.coresPerReplica} core (Node runs JavaScript on one thread) and is planned to ${n(DEFAULT_PLANNING.utilisation * 100)} % of it, the
    autoscalers' target; at least ${DEFAULT_PLANNING.minReplicas} of each part (deploy/k8s/base). Memory per replica is the highest
    resident memory the footprint benchmark saw, under its own load.
  - Redis holds every vehicle's published answer at the size measured (brotli-compressed); its queues and budgets
    are not counted. Each answer lives a day and is published again, compressed, by records' prewarm: records' CPU
    for it is what the lookup benchmark's prewarm cost a vehicle (its start-up included), once a day per vehicle.
  - Postgres sizes are on-disk bytes (rows, indexes, TOAST) before replication and backups; WAL is not counted.
    Records per vehicle is the benchmark data's unless --records-per-vehicle is given.`);

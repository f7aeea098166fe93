/**
 * `npm run bench:lookup`: the public lookup under load, measured against two baselines in the same run.
 *
 * 1. Seeds BENCH_RECORDS (default 1,000,000) service records, five per vehicle, into the database
 *    sh_records_bench (sh_records_bench_{n} for another size; kept between runs, re-seeded only when its size differs).
 * 2. Loads GET /api/v1/service-records/lookup/{reg} through the real gateway and records service with
 *    autocannon: 100 connections, no pipelining, BENCH_DURATION s (default 20) per target in BENCH_ROUNDS turns
 *    (default 3, see loadInTurns), in two workloads:
 *    - uniform: each request a random seeded vehicle, every vehicle as likely as any other (few repeats: the worst
 *      case for a cache filled by lookups; with every answer published ahead, as here, no worse than the other);
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
 * Unless BENCH_PLAIN=false it also runs, on the same data, a records service that publishes its answers uncompressed
 * (LOOKUP_ANSWERS_ENCODING=plain, the format before brotli) with a gateway of its own, and loads that platform in turns
 * with the rest: what compression changes for Redis's bytes a vehicle and for the lookup, measured in one run.
 */
import { writeResults } from './results.js';
import { deleteKeysMatching, lookupAnswersNamespace, prewarmedKeyOf } from '@sh/shared/lookup-cache';
import {
  exitUnlessInfrastructure,
  launch,
  machineDatabaseUrl,
  REDIS_URL,
  stopEveryLaunched,
  waitUntilAnswering,
} from '@sh/shared/launcher';
import { createRedis, type Redis } from '@sh/shared/server';
import { measureRecordsTable, RECORDS_PER_VEHICLE, registrationOf, seed } from './lookup-data.js';
import {
  CONNECTIONS,
  DURATION_S,
  loadInTurns,
  printResults,
  type Result,
  type Target,
  type Workload,
  WORKLOADS,
} from './lookup-load.js';
import { cpuSecondsBetween, takeCpuSnapshot, type ProcessGroups } from './processes.js';

const DEFAULT_RECORDS = 1_000_000;
const RECORDS = Number(process.env.BENCH_RECORDS ?? DEFAULT_RECORDS);
if (!Number.isInteger(RECORDS) || RECORDS < 1000 || RECORDS % RECORDS_PER_VEHICLE !== 0 || RECORDS > 25_000_000) {
  throw new Error(
    `BENCH_RECORDS must be a whole number of vehicles' records (a multiple of ${RECORDS_PER_VEHICLE}) from 1,000 to 25,000,000`,
  );
}

/** One size of benchmark data: its database, and the records service, gateway and bare query that serve it. */
interface DataSize {
  vehicles: number;
  db: string;
  /** REDIS_KEY_PREFIX of its records service and gateway, under which the answers are published. */
  prefix: string;
  ports: { records: number; gateway: number; bareQuery: number };
}
const SIZE: DataSize = {
  vehicles: RECORDS / RECORDS_PER_VEHICLE,
  db: machineDatabaseUrl(RECORDS === DEFAULT_RECORDS ? 'sh_records_bench' : `sh_records_bench_${RECORDS}`),
  prefix: 'bench',
  ports: { records: 34003, gateway: 38080, bareQuery: 38101 },
};
/** With another BENCH_RECORDS, the 1,000,000-record data, served in the same run for comparison. */
const REFERENCE: DataSize | null =
  RECORDS === DEFAULT_RECORDS
    ? null
    : {
        vehicles: DEFAULT_RECORDS / RECORDS_PER_VEHICLE,
        db: machineDatabaseUrl('sh_records_bench'),
        prefix: 'bench_reference',
        ports: { records: 34013, gateway: 38090, bareQuery: 38111 },
      };
const SIZES = REFERENCE ? [SIZE, REFERENCE] : [SIZE];
const PRESERIALISED_PORT = 38102;
/** The same data as SIZE, its answers published uncompressed by a records service and sent by a gateway of their own. */
const PLAIN: DataSize | null =
  process.env.BENCH_PLAIN === 'false'
    ? null
    : { ...SIZE, prefix: 'bench_plain', ports: { records: 34023, gateway: 38100, bareQuery: SIZE.ports.bareQuery } };
/** Every prefix under which this run's records services publish. */
const PREFIXES = [...SIZES, ...(PLAIN ? [PLAIN] : [])].map(({ prefix }) => prefix);

/** BENCH_WORKLOADS=popular (or uniform) runs one workload only: a quicker comparison, printed but not kept. */
const CHOSEN_WORKLOADS = (process.env.BENCH_WORKLOADS ?? 'uniform,popular').split(',').map((name) => name.trim());
if (CHOSEN_WORKLOADS.some((name) => !(name in WORKLOADS)))
  throw new Error(`BENCH_WORKLOADS names workloads of ${Object.keys(WORKLOADS).join(', ')}`);
const EVERY_WORKLOAD = CHOSEN_WORKLOADS.length === Object.keys(WORKLOADS).length;

/**
 * Deletes every lookup answer the benchmark's records service published and every version it kept (the data may
 * have been seeded anew since; and the answers take hundreds of MB of Redis).
 */
async function forgetPublishedAnswers(redis: Redis): Promise<number> {
  let deleted = 0;
  for (const prefix of PREFIXES) deleted += await deleteKeysMatching(redis, `${lookupAnswersNamespace(prefix)}:*`);
  return deleted;
}

/**
 * Waits until each records service has published every vehicle's answer (LOOKUP_ANSWERS_PREWARM), printing progress;
 * answers how much Redis grew meanwhile.
 */
async function waitUntilPrewarmed(
  redis: Redis,
  usedBefore: number,
  sizes: readonly DataSize[],
  encoding = 'br',
): Promise<{ grownBytes: number; vehicles: number }> {
  const started = Date.now();
  while ((await Promise.all(sizes.map(({ prefix }) => redis.get(prewarmedKeyOf(prefix))))).includes(null)) {
    if (Date.now() - started > 30 * 60_000)
      throw new Error('The records services did not publish every answer within 30 min');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const grown = (await usedMemory(redis)) - usedBefore;
  const vehicles = sizes.reduce((sum, size) => sum + size.vehicles, 0);
  console.log(
    `Every vehicle's answer published (${encoding}) by the records service${sizes.length > 1 ? 's' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s; Redis holds ${(grown / 1e6).toFixed(0)} MB more (${Math.round(grown / vehicles).toLocaleString('en-GB')} bytes a vehicle, ${vehicles.toLocaleString('en-GB')} vehicles).`,
  );
  return { grownBytes: grown, vehicles };
}

/** Redis's used_memory, in bytes. */
async function usedMemory(redis: Redis): Promise<number> {
  return Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);
}

await exitUnlessInfrastructure();
for (const size of SIZES) await seed(size);
const redis = createRedis(REDIS_URL);
await forgetPublishedAnswers(redis);
const redisUsedBefore = await usedMemory(redis);

/**
 * `script` as its own process in a session of its own (LaunchOptions.ownSession), quiet but for warnings, stopped when
 * the benchmark ends however it ends.
 */
const launchForBench = (name: string, script: string, env: Record<string, string>) =>
  launch(name, script, { env, ownSession: true, reportsFailure: true });

try {
  /** A records service and a gateway in front of it, as `npm start` runs them, for one size of data. */
  const launchPlatform = (size: DataSize, encoding: 'br' | 'plain') => ({
    records: launchForBench('records', 'services/records/src/main.ts', {
      PORT: String(size.ports.records),
      DATABASE_URL: size.db,
      REDIS_URL,
      REDIS_KEY_PREFIX: size.prefix,
      LOOKUP_ANSWERS_PREWARM: 'true',
      LOOKUP_ANSWERS_ENCODING: encoding,
    }),
    gateway: launchForBench('gateway', 'services/gateway/src/main.ts', {
      PORT: String(size.ports.gateway),
      REDIS_URL,
      REDIS_KEY_PREFIX: size.prefix,
      RECORDS_URL: `http://127.0.0.1:${size.ports.records}`,
      // The limiter still runs (a Redis round trip per request) but this budget is never reached.
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '100000000',
    }),
  });
  const launchStack = (size: DataSize) => ({
    ...launchPlatform(size, 'br'),
    bareQuery: launchForBench('bare-query', 'bench/bare-server.ts', {
      PORT: String(size.ports.bareQuery),
      DATABASE_URL: size.db,
      MODE: 'query',
    }),
  });
  const stacks = SIZES.map(launchStack);
  // Records' CPU from its start until every answer is published: mostly compressing them (stored-answer.ts).
  const recordsGroup: ProcessGroups = { records: { pids: stacks.map((stack) => stack.records.pid!) } };
  const recordsCpuAtStart = takeCpuSnapshot(recordsGroup);
  const barePreserialised = launchForBench('bare-preserialised', 'bench/bare-server.ts', {
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
  const published = await waitUntilPrewarmed(redis, redisUsedBefore, SIZES);
  const recordsCpuPrewarmed = takeCpuSnapshot(recordsGroup);
  const prewarmRecordsCpuMicrosPerVehicle =
    recordsCpuAtStart && recordsCpuPrewarmed
      ? Math.round((cpuSecondsBetween(recordsCpuAtStart, recordsCpuPrewarmed).records! * 1e6) / published.vehicles)
      : null;
  const sampleKey = `${lookupAnswersNamespace(SIZE.prefix)}:a:${registrationOf(12345)}`;
  console.log(
    `Records' CPU from its start until then: ${prewarmRecordsCpuMicrosPerVehicle ?? '?'} µs a vehicle published. A sample vehicle's answer: ${await redis.strlen(sampleKey)} bytes stored, ${String(await redis.call('MEMORY', 'USAGE', sampleKey))} by MEMORY USAGE (key, value and entry; not its expiry).`,
  );
  // Started once the compressed answers are all published, so that Redis's growth meanwhile is the plain answers'.
  const plain = PLAIN && launchPlatform(PLAIN, 'plain');
  let plainPublished: Awaited<ReturnType<typeof waitUntilPrewarmed>> | null = null;
  if (PLAIN && plain) {
    const usedBeforePlain = await usedMemory(redis);
    await Promise.all([
      waitUntilAnswering(`http://127.0.0.1:${PLAIN.ports.gateway}/readyz`),
      waitUntilAnswering(`http://127.0.0.1:${PLAIN.ports.records}/readyz`),
    ]);
    plainPublished = await waitUntilPrewarmed(redis, usedBeforePlain, [PLAIN], 'plain');
  }
  const recordsTable = await measureRecordsTable(SIZE);
  console.log(
    `service_records with its indexes and TOAST: ${(recordsTable.bytes / 1e6).toFixed(0)} MB for ${recordsTable.rows.toLocaleString('en-GB')} records, ${Math.round(recordsTable.bytes / SIZE.vehicles).toLocaleString('en-GB')} bytes a vehicle.`,
  );
  const sample = await fetch(
    `http://127.0.0.1:${SIZE.ports.gateway}/api/v1/service-records/lookup/${registrationOf(12345)}`,
  ).then((r) => r.json());
  console.log(
    `Sample answer has ${(sample as { data: { serviceRecords: unknown[] } }).data.serviceRecords.length} records.`,
  );

  const pidsOf = (part: 'records' | 'gateway' | 'bareQuery') => [
    ...stacks.map((stack) => stack[part].pid!),
    ...(plain && part !== 'bareQuery' ? [plain[part].pid!] : []),
  ];
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
  const PLATFORM_WITHOUT_BR = 'platform, client without br';
  const PLATFORM_PLAIN = 'platform, answers stored uncompressed';
  const plainTargets: Target[] = PLAIN ? [[PLATFORM_PLAIN, PLAIN.ports.gateway, SIZE.vehicles]] : [];
  const atReference = (name: string) => `${name.split(' (')[0]} at 1M`;
  const referenceTargets: Target[] = REFERENCE
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
    [
      'uniform',
      [
        ...everyWorkload,
        // The same lookups by a client that accepts no brotli: the gateway decodes each answer it sends.
        [PLATFORM_WITHOUT_BR, SIZE.ports.gateway, SIZE.vehicles, null],
        [PRESERIALISED, PRESERIALISED_PORT, SIZE.vehicles],
        ...plainTargets,
        ...referenceTargets,
      ],
    ],
    ['popular', [...everyWorkload, ...plainTargets, ...referenceTargets]],
  ];
  for (const [workload, targets] of workloads.filter(([name]) => CHOSEN_WORKLOADS.includes(name))) {
    console.log(`Loading ${targets.map(([name]) => name).join(', ')} in turns, ${workload}, ${DURATION_S} s each...`);
    results.push(...(await loadInTurns(targets, workload, processGroups)));
  }

  const find = (name: string, workload: Workload) => results.find((r) => r.name === name && r.workload === workload)!;
  printResults(results, processGroups);
  const ratio = (a: Result, b: Result) => (a.requestsPerSecond / b.requestsPerSecond).toFixed(2);
  console.log('');
  for (const workload of CHOSEN_WORKLOADS as Workload[]) {
    const platform = find(PLATFORM, workload);
    const bareQuery = find(BARE_QUERY, workload);
    const recordsAlone = find(RECORDS_ALONE, workload);
    console.log(
      `${workload.padEnd(8)} platform / bare query:       ${ratio(platform, bareQuery)}x throughput, p99 ${platform.p99} ms against ${bareQuery.p99} ms (each round: ${platform.p99ByRound.join(', ')} against ${bareQuery.p99ByRound.join(', ')})`,
    );
    console.log(
      `${workload.padEnd(8)} records alone / bare query:  ${ratio(recordsAlone, bareQuery)}x throughput (the gateway's share is the rest)`,
    );
  }
  if (CHOSEN_WORKLOADS.includes('uniform')) {
    console.log(
      `uniform  platform / pre-serialised:  ${ratio(find(PLATFORM, 'uniform'), find(PRESERIALISED, 'uniform'))}x throughput`,
    );
    const withoutBr = find(PLATFORM_WITHOUT_BR, 'uniform');
    console.log(
      `uniform  platform, client without br / bare query: ${ratio(withoutBr, find(BARE_QUERY, 'uniform'))}x throughput, p99 ${withoutBr.p99} ms (each round: ${withoutBr.p99ByRound.join(', ')})`,
    );
  }
  if (PLAIN && plainPublished) {
    // The same gateway code, in turns in this run: what storing the answers compressed changes for the lookup.
    console.log(
      `Redis a vehicle: ${Math.round(published.grownBytes / published.vehicles).toLocaleString('en-GB')} bytes compressed, ${Math.round(plainPublished.grownBytes / plainPublished.vehicles).toLocaleString('en-GB')} uncompressed, in this run`,
    );
    for (const workload of CHOSEN_WORKLOADS as Workload[]) {
      const br = find(PLATFORM, workload);
      const uncompressed = find(PLATFORM_PLAIN, workload);
      const gatewayCpu = (r: Result) => r.cpuMicrosPerRequest?.gateway ?? '?';
      console.log(
        `${workload.padEnd(8)} platform, compressed / uncompressed answers: ${ratio(br, uncompressed)}x throughput, p99 ${br.p99} ms against ${uncompressed.p99} ms (each round: ${br.p99ByRound.join(', ')} against ${uncompressed.p99ByRound.join(', ')}), gateway CPU ${gatewayCpu(br)} against ${gatewayCpu(uncompressed)} µs a lookup`,
      );
    }
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
  const resultsName = RECORDS === DEFAULT_RECORDS ? 'lookup' : `lookup-${RECORDS}`;
  if (EVERY_WORKLOAD)
    writeResults(resultsName, {
      records: RECORDS,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      results,
      // For `npm run capacity` (docs/capacity.md): what the register costs Redis and Postgres a vehicle.
      redis: { ...published, bytesPerVehicle: Math.round(published.grownBytes / published.vehicles) },
      // The same answers stored uncompressed (LOOKUP_ANSWERS_ENCODING=plain), for the comparison; null with BENCH_PLAIN=false.
      redisUncompressed: plainPublished && {
        ...plainPublished,
        bytesPerVehicle: Math.round(plainPublished.grownBytes / plainPublished.vehicles),
      },
      // What publishing (and compressing) every answer costs records, a vehicle: the model's republishing, a day.
      prewarm: { recordsCpuMicrosPerVehicle: prewarmRecordsCpuMicrosPerVehicle },
      postgres: {
        ...recordsTable,
        vehicles: SIZE.vehicles,
        recordsPerVehicle: recordsTable.rows / SIZE.vehicles,
        bytesPerVehicle: Math.round(recordsTable.bytes / SIZE.vehicles),
      },
    });
} finally {
  await stopEveryLaunched();
  console.log(
    `Deleted ${(await forgetPublishedAnswers(redis)).toLocaleString('en-GB')} published answers and versions from Redis.`,
  );
  redis.disconnect();
}

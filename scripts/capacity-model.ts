/**
 * The capacity model of `npm run capacity` (docs/capacity.md): the figures the benchmarks wrote to bench/results/ and
 * a load in; the replicas, cores, memory, Redis and Postgres that load needs out. Pure: reading the files and printing
 * are scripts/capacity.ts's.
 */

export const PARTS = ['gateway', 'identity', 'garages', 'records', 'billing', 'notifications'] as const;
export type Part = (typeof PARTS)[number];

/** Where one input comes from: the results file, the field in it, and the benchmark that writes it. */
export interface InputSource {
  file: string;
  field: string;
  benchmark: string;
  meaning: string;
  read: (results: unknown) => unknown;
}

/** The lookup benchmark's platform target, uniform workload: a random vehicle per lookup, as most lookups are. */
const PLATFORM_LOOKUP = 'platform (gateway -> records)';

function at(value: unknown, ...path: (string | number)[]): unknown {
  let here = value;
  for (const key of path) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string | number, unknown>)[key];
  }
  return here;
}

function platformLookup(results: unknown): unknown {
  const all = at(results, 'results');
  return Array.isArray(all)
    ? all.find((r: { name?: unknown; workload?: unknown }) => r.name === PLATFORM_LOOKUP && r.workload === 'uniform')
    : undefined;
}

const lookupCpu = (group: string, meaning: string): InputSource => ({
  file: 'lookup.json',
  field: `results[name="${PLATFORM_LOOKUP}", workload="uniform"].cpuMicrosPerRequest.${group}`,
  benchmark: 'npm run bench:lookup',
  meaning,
  read: (results) => at(platformLookup(results), 'cpuMicrosPerRequest', group),
});
const createCpu = (group: string, meaning: string): InputSource => ({
  file: 'create.json',
  field: `cpuMicrosPerCreate.${group}`,
  benchmark: 'npm run bench:create',
  meaning,
  read: (results) => at(results, 'cpuMicrosPerCreate', group),
});
const footprint = (part: Part): InputSource => ({
  file: 'footprint.json',
  field: `parts.${part}.highestRssMiB`,
  benchmark: 'npm run bench:footprint',
  meaning: `${part}: highest resident memory of one process, MiB`,
  read: (results) => at(results, 'parts', part, 'highestRssMiB'),
});

export const INPUTS = {
  lookupGatewayMicros: lookupCpu('gateway', 'gateway CPU µs per lookup'),
  lookupRecordsMicros: lookupCpu('records', 'records CPU µs per lookup'),
  lookupRedisMicros: lookupCpu('redis', 'Redis CPU µs per lookup'),
  lookupPostgresMicros: lookupCpu('postgres', 'Postgres CPU µs per lookup'),
  redisBytesPerVehicle: {
    file: 'lookup.json',
    field: 'redis.bytesPerVehicle',
    benchmark: 'npm run bench:lookup',
    meaning: 'Redis bytes per vehicle, its answer published (compressed)',
    read: (results) => at(results, 'redis', 'bytesPerVehicle'),
  },
  publishRecordsMicrosPerVehicle: {
    file: 'lookup.json',
    field: 'prewarm.recordsCpuMicrosPerVehicle',
    benchmark: 'npm run bench:lookup',
    meaning: "records CPU µs per vehicle's answer published (prewarm)",
    read: (results) => at(results, 'prewarm', 'recordsCpuMicrosPerVehicle'),
  },
  postgresBytesPerVehicle: {
    file: 'lookup.json',
    field: 'postgres.bytesPerVehicle',
    benchmark: 'npm run bench:lookup',
    meaning: 'Postgres bytes per vehicle (service_records, indexes, TOAST)',
    read: (results) => at(results, 'postgres', 'bytesPerVehicle'),
  },
  postgresRecordsPerVehicle: {
    file: 'lookup.json',
    field: 'postgres.recordsPerVehicle',
    benchmark: 'npm run bench:lookup',
    meaning: 'records (rows) per vehicle in that data',
    read: (results) => at(results, 'postgres', 'recordsPerVehicle'),
  },
  createGatewayMicros: createCpu('gateway', 'gateway CPU µs per service logged'),
  createIdentityMicros: createCpu('identity', 'identity CPU µs per service logged (argon2 re-check)'),
  createRecordsMicros: createCpu('records', 'records CPU µs per service logged'),
  createNotificationsMicros: createCpu('notifications', 'notifications CPU µs per service logged'),
  createPostgresMicros: createCpu('postgres', 'Postgres CPU µs per service logged'),
  createRedisMicros: createCpu('redis', 'Redis CPU µs per service logged'),
  argon2MicrosPerVerify: {
    file: 'create.json',
    field: 'argon2.cpuMicrosPerVerify',
    benchmark: 'npm run bench:create',
    meaning: 'CPU µs of one argon2id verify alone',
    read: (results) => at(results, 'argon2', 'cpuMicrosPerVerify'),
  },
  recordsDbBytesPerRecord: {
    file: 'create.json',
    field: 'databaseBytesPerRecord.records',
    benchmark: 'npm run bench:create',
    meaning: "records' database growth per service logged, bytes",
    read: (results) => at(results, 'databaseBytesPerRecord', 'records'),
  },
  notificationsDbBytesPerRecord: {
    file: 'create.json',
    field: 'databaseBytesPerRecord.notifications',
    benchmark: 'npm run bench:create',
    meaning: "notifications' database growth per service logged, bytes",
    read: (results) => at(results, 'databaseBytesPerRecord', 'notifications'),
  },
  pageRenderGatewayMicros: {
    file: 'pages.json',
    field: 'cpuMicrosPerRender.withAnswer',
    benchmark: 'npm run bench:pages',
    meaning: 'gateway CPU µs per results page rendered with its history',
    read: (results) => at(results, 'cpuMicrosPerRender', 'withAnswer'),
  },
  ...(Object.fromEntries(PARTS.map((part) => [`${part}RssMiB`, footprint(part)])) as Record<
    `${Part}RssMiB`,
    InputSource
  >),
} satisfies Record<string, InputSource>;

export type InputName = keyof typeof INPUTS;
export type Inputs = Record<InputName, number>;

/** An input no results file holds: which it is, where it should be and the benchmark that writes it. */
export interface MissingInput {
  name: InputName;
  file: string;
  field: string;
  benchmark: string;
}

/**
 * Picks every input out of the results files (by name: 'lookup.json' and so on, each parsed); an input that is absent
 * or not a finite number of at least 0 is missing.
 */
export function readInputs(
  files: Partial<Record<string, unknown>>,
): { inputs: Inputs; missing: [] } | { inputs: null; missing: MissingInput[] } {
  const inputs: Partial<Inputs> = {};
  const missing: MissingInput[] = [];
  for (const [name, source] of Object.entries(INPUTS) as [InputName, InputSource][]) {
    const value = source.read(files[source.file]);
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) inputs[name] = value;
    else missing.push({ name, file: source.file, field: source.field, benchmark: source.benchmark });
  }
  return missing.length === 0 ? { inputs: inputs as Inputs, missing: [] } : { inputs: null, missing };
}

/**
 * Where in a results directory the reference run's files are (committed: `npm run capacity` works on a fresh clone);
 * this machine's own run of a benchmark, beside them, is read instead.
 */
export const REFERENCE_DIR = 'reference';

/** Which run wrote a results file, from its stamp (bench/results.ts): "reference run of <date> at <commit>". */
export function whichRun(results: unknown, isReference: boolean): string {
  const stamp = (field: string) => {
    const value = at(results, field);
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const commit = stamp('commit');
  return `${isReference ? 'reference run' : "this machine's run"} of ${stamp('at') ?? 'an unknown date'} ${commit ? `at ${commit}` : 'at an unknown commit'}`;
}

/** The load to plan for; the defaults are issue 27's. */
export interface Load {
  vehicles: number;
  lookupsPerDay: number;
  /** The peak hour's lookups as a multiple of the day's average hour. */
  lookupPeakFactor: number;
  /**
   * The share of lookups made by opening the results page, which the gateway renders with the vehicle's history
   * (docs/architecture.md#web-delivery), rather than by the API alone; 1: every one, as if no page were kept.
   */
  lookupPageShare: number;
  garages: number;
  servicesPerGarageDay: number;
  /** The peak hour's services logged as a multiple of the day's average hour (the issue gives none: the lookups'). */
  servicesPeakFactor: number;
  /** Records per vehicle in the register; null: as many as the benchmark's data held. */
  recordsPerVehicle: number | null;
  /** Years of services logged that Postgres must hold beyond the register. */
  years: number;
}

export const DEFAULT_LOAD: Load = {
  vehicles: 41_000_000,
  lookupsPerDay: 2_000_000,
  lookupPeakFactor: 10,
  lookupPageShare: 1,
  garages: 30_000,
  servicesPerGarageDay: 20,
  servicesPeakFactor: 10,
  recordsPerVehicle: null,
  years: 1,
};

/** How replicas are sized: deploy/k8s/base's autoscalers and Deployments (docs/deployment.md). */
export interface Planning {
  /** The share of a replica's core planned for at peak: the autoscalers' 70 % CPU target. */
  utilisation: number;
  /** A Node process runs its JavaScript on one thread: one core per replica (the manifests' CPU limit). */
  coresPerReplica: number;
  /** Two of everything, so one can fail or be replaced (the Deployments' replicas, the autoscalers' minimum). */
  minReplicas: number;
}

export const DEFAULT_PLANNING: Planning = { utilisation: 0.7, coresPerReplica: 1, minReplicas: 2 };

export interface PartPlan {
  cores: number;
  replicas: number;
  memoryMiB: number;
}

export interface Plan {
  peakLookupsPerSecond: number;
  servicesPerDay: number;
  peakServicesPerSecond: number;
  parts: Record<Part, PartPlan>;
  /** Of identity's cores, those argon2id's verifies alone take. */
  argon2Cores: number;
  /** Of the gateway's cores, those rendering the results pages takes. */
  pageRenderCores: number;
  /** Of records' cores, those publishing (and compressing) every vehicle's answer again once a day takes. */
  republishCores: number;
  redisCores: number;
  postgresCores: number;
  totalCores: number;
  totalReplicas: number;
  totalMemoryMiB: number;
  redisBytes: number;
  postgres: {
    recordsPerVehicle: number;
    registerBytes: number;
    recordsGrowthBytesPerYear: number;
    notificationsGrowthBytesPerYear: number;
    totalBytes: number;
  };
}

const SECONDS_A_DAY = 86_400;
const cores = (perSecond: number, micros: number) => (perSecond * micros) / 1e6;

/** The plan for `load` from the measured `inputs`: see docs/capacity.md for each formula. */
export function plan(inputs: Inputs, load: Load = DEFAULT_LOAD, planning: Planning = DEFAULT_PLANNING): Plan {
  const peakLookupsPerSecond = (load.lookupsPerDay / SECONDS_A_DAY) * load.lookupPeakFactor;
  const servicesPerDay = load.garages * load.servicesPerGarageDay;
  const peakServicesPerSecond = (servicesPerDay / SECONDS_A_DAY) * load.servicesPeakFactor;
  const L = peakLookupsPerSecond;
  const S = peakServicesPerSecond;
  // Every vehicle's answer lives a day (SHARED_ANSWER_TTL_S) and is published again by the prewarm (every 12 hours):
  // each vehicle's once a day, spread over the day at best; its cost, a day's average, is planned at the peak too.
  const republishCores = cores(load.vehicles / SECONDS_A_DAY, inputs.publishRecordsMicrosPerVehicle);
  // The results page's render with the vehicle's history, for each lookup made by opening it.
  const pageRenderCores = cores(L * load.lookupPageShare, inputs.pageRenderGatewayMicros);
  const partCores: Record<Part, number> = {
    gateway: cores(L, inputs.lookupGatewayMicros) + pageRenderCores + cores(S, inputs.createGatewayMicros),
    identity: cores(S, inputs.createIdentityMicros),
    garages: 0,
    records: cores(L, inputs.lookupRecordsMicros) + cores(S, inputs.createRecordsMicros) + republishCores,
    billing: 0,
    notifications: cores(S, inputs.createNotificationsMicros),
  };
  const parts = Object.fromEntries(
    PARTS.map((part) => {
      const replicas = Math.max(
        planning.minReplicas,
        Math.ceil(partCores[part] / (planning.coresPerReplica * planning.utilisation)),
      );
      return [part, { cores: partCores[part], replicas, memoryMiB: replicas * inputs[`${part}RssMiB`] }];
    }),
  ) as Record<Part, PartPlan>;
  const redisCores = cores(L, inputs.lookupRedisMicros) + cores(S, inputs.createRedisMicros);
  const postgresCores = cores(L, inputs.lookupPostgresMicros) + cores(S, inputs.createPostgresMicros);
  const recordsPerVehicle = load.recordsPerVehicle ?? inputs.postgresRecordsPerVehicle;
  const bytesPerRecord = inputs.postgresBytesPerVehicle / inputs.postgresRecordsPerVehicle;
  const registerBytes = load.vehicles * recordsPerVehicle * bytesPerRecord;
  const servicesPerYear = servicesPerDay * 365;
  const recordsGrowthBytesPerYear = servicesPerYear * inputs.recordsDbBytesPerRecord;
  const notificationsGrowthBytesPerYear = servicesPerYear * inputs.notificationsDbBytesPerRecord;
  const sum = (pick: (p: PartPlan) => number) => PARTS.reduce((total, part) => total + pick(parts[part]), 0);
  return {
    peakLookupsPerSecond,
    servicesPerDay,
    peakServicesPerSecond,
    parts,
    argon2Cores: cores(S, inputs.argon2MicrosPerVerify),
    pageRenderCores,
    republishCores,
    redisCores,
    postgresCores,
    totalCores: sum((p) => p.cores) + redisCores + postgresCores,
    totalReplicas: sum((p) => p.replicas),
    totalMemoryMiB: sum((p) => p.memoryMiB),
    redisBytes: load.vehicles * inputs.redisBytesPerVehicle,
    postgres: {
      recordsPerVehicle,
      registerBytes,
      recordsGrowthBytesPerYear,
      notificationsGrowthBytesPerYear,
      totalBytes: registerBytes + load.years * (recordsGrowthBytesPerYear + notificationsGrowthBytesPerYear),
    },
  };
}

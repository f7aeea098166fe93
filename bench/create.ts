/**
 * `npm run bench:create`: logging services under load, against a bare floor measured in the same run.
 *
 * 1. Fresh databases (suffix _bench_create) for identity, records and notifications, which run as under
 *    `npm start` with the gateway and the SMTP catcher; 20 garages with active subscriptions and passwords.
 * 2. The 20 garages submit at once for 20 s (BENCH_DURATION), one connection each: a quarter of them on the
 *    same 50 registrations (chain contention), the rest on registrations of their own. Every tenth submit is
 *    sent twice at once with one Idempotency-Key, as a double click would.
 * 3. The floor: a bare node:http server doing one INSERT per request, loaded the same way; and the password
 *    re-check's own ceiling, identity's argon2id verify alone with 20 at a time.
 * It prints req/s, p50 and p99 for both and their ratio, then checks: 201 answers = rows stored, no duplicates,
 * every touched chain verifies, every service_record.created event consumed by notifications, every new entry in the
 * transparency log (it waits for a checkpoint that covers them all, checks its signature with the log's key, and
 * each receipt's leaf, computed from the receipt, by its inclusion proof), every receipt mail queued once with its
 * checkpoint, and the platform at least half the throughput of argon2id verify alone. On Linux it also records, for
 * `npm run capacity`, the CPU time per created record of each process (from /proc; Postgres: the backends of the
 * _bench_create databases), the CPU time of one argon2id verify, and how much the records and notifications databases
 * grew per record.
 */
import { writeResults } from './results.js';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  DEVELOPMENT_LOG,
  type TReceipt,
  ZLogCheckpointResponseSchema,
  ZLogInclusionProofResponseSchema,
  ZLogKeyResponseSchema,
} from '@sh/shared/contract';
import {
  exitUnlessInfrastructure,
  launch,
  machineDatabaseUrl,
  migrationsOf,
  POSTGRES_URL,
  REDIS_URL,
  stackPorts,
  startStack,
  stopChild,
} from '@sh/shared/launcher';
import { ensureDatabase, hashPassword, migrate, verifyPassword } from '@sh/shared/server';
import {
  decodeBase64,
  parseVerifierKey,
  vehicleLogLeaf,
  verifyCheckpoint,
  verifyInclusion,
  webCryptoTreeHasher,
} from '@sh/shared/transparency-log';
import { prepareDatabases } from '../scripts/seed.js';
import { cpuSecondsBetween, descendantsRunning, takeCpuSnapshot, type ProcessGroups } from './processes.js';

const SUFFIX = '_bench_create';
const SERVICES = ['identity', 'records', 'notifications'] as const;
const GARAGES = 20;
const CONTENDED_GARAGES = GARAGES / 4;
const SHARED_REGISTRATIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const PORTS = stackPorts(39080, 35000);
const FLOOR_PORT = 39181;
const FLOOR_DB = machineDatabaseUrl('sh_records_bench_floor');
const PASSWORD = 'BenchGarage2026';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

interface Sample {
  ms: number;
  status: number;
  recordId: string | null;
  /** The signed receipt of a 201, with the entry's leaf index in the transparency log. */
  receipt: TReceipt | null;
  registration: string;
}

/** A current-format registration for (group, n): `BC` + two digits + three letters. */
function registrationFor(group: number, n: number): string {
  const letters = [Math.floor(n / 529) % 23, Math.floor(n / 23) % 23, n % 23].map((i) => LETTERS[i]).join('');
  return `B${LETTERS[group % 23]}${String(10 + (Math.floor(n / 12167) % 90))}${letters}`;
}

async function recreate(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  await ensureDatabase(url);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs one worker per garage until the deadline; each worker keeps one request (or one double click) in flight. */
async function load(
  send: (garage: number, body: Record<string, unknown>, key: string) => Promise<Sample>,
  bodyFor: (garage: number, n: number) => Record<string, unknown>,
  durationS: number,
): Promise<{ samples: Sample[]; seconds: number }> {
  const samples: Sample[] = [];
  const started = Date.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: GARAGES }, async (_, garage) => {
      for (let n = 0; Date.now() < deadline; n += 1) {
        const body = bodyFor(garage, n);
        const key = randomUUID();
        const isDoubleClick = n % 10 === 9;
        const answers = await Promise.all(
          isDoubleClick ? [send(garage, body, key), send(garage, body, key)] : [send(garage, body, key)],
        );
        samples.push(...answers);
      }
    }),
  );
  return { samples, seconds: (Date.now() - started) / 1000 };
}

function summarise(name: string, run: { samples: Sample[]; seconds: number }) {
  const latencies = run.samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    name,
    requests: run.samples.length,
    requestsPerSecond: run.samples.length / run.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    created: run.samples.filter((s) => s.status === 201).length,
    failed: run.samples.filter((s) => s.status !== 201).length,
  };
}

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ ms: number; status: number; json: unknown }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  return { ms: performance.now() - started, status: response.status, json };
}

/**
 * Checks every new entry's inclusion in the transparency log as an outsider would, trusting only the log's key: waits
 * for a checkpoint that covers every new leaf (records signs one every LOG_CHECKPOINT_INTERVAL_MS while the log grows),
 * checks its signature with the development log's verifier key (which the log must publish as its own), then each
 * receipt's leaf, computed from the receipt itself, against the checkpoint's root by its inclusion proof.
 */
async function checkInclusion(
  gateway: string,
  receipts: TReceipt[],
): Promise<{ treeSize: number; isSignatureValid: boolean; verified: number; leaves: string }> {
  const leaves = receipts.map((receipt) => receipt.leaf_index ?? Number.NaN);
  const highest = Math.max(...leaves);
  const getJson = async (path: string) => (await fetch(`${gateway}/api/v1/service-records/log/${path}`)).json();
  let note = '';
  for (let waited = 0; waited <= 120_000; waited += 500) {
    const answer = ZLogCheckpointResponseSchema.safeParse(await getJson('checkpoint'));
    if (answer.success && answer.data.data.treeSize > highest) {
      note = answer.data.data.note;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const published = ZLogKeyResponseSchema.parse(await getJson('key')).data;
  let checkpoint: Awaited<ReturnType<typeof verifyCheckpoint>> | null = null;
  try {
    if (published.verifierKey !== DEVELOPMENT_LOG.verifierKey)
      throw new Error(`the log publishes ${published.verifierKey}, not the development key`);
    checkpoint = await verifyCheckpoint(
      note,
      [await parseVerifierKey(DEVELOPMENT_LOG.verifierKey)],
      DEVELOPMENT_LOG.origin,
    );
  } catch (error) {
    console.error(`The checkpoint does not verify: ${(error as Error).message}`);
    return { treeSize: 0, isSignatureValid: false, verified: 0, leaves: `up to ${highest}` };
  }
  let verified = 0;
  const queue = [...receipts];
  await Promise.all(
    Array.from({ length: GARAGES }, async () => {
      for (let receipt = queue.pop(); receipt; receipt = queue.pop()) {
        const proof = ZLogInclusionProofResponseSchema.parse(
          await getJson(`proof/inclusion?leaf=${receipt.leaf_index}&size=${checkpoint.size}`),
        ).data;
        // The leaf as the browser computes it from a receipt (the log's format, packages/shared/src/transparency-log).
        const leafHash = await webCryptoTreeHasher.hashLeaf(
          vehicleLogLeaf(receipt.registration, { ...receipt, kind: 'record' }),
        );
        const path = proof.hashes.map((hash) => decodeBase64(hash)!);
        if (await verifyInclusion(receipt.leaf_index!, checkpoint.size, leafHash, path, checkpoint.rootHash))
          verified += 1;
      }
    }),
  );
  return {
    treeSize: checkpoint.size,
    isSignatureValid: true,
    verified,
    leaves: `${Math.min(...leaves)} to ${highest}`,
  };
}

/**
 * Waits (up to a minute) until notifications holds no receipt for a checkpoint and has sent one receipt mail per
 * record, then counts them: rows, distinct events, those sent, and those still held.
 */
async function waitForReceiptMails(
  db: pg.Pool,
  records: number,
): Promise<{ queued: number; events: number; sent: number; held: number }> {
  const count = async () => {
    const { rows } = await db.query<{ queued: number; events: number; sent: number; held: number }>(
      `SELECT count(*)::int AS queued, count(DISTINCT event_id)::int AS events, count(*) FILTER (WHERE status = 'sent')::int AS sent,
              (SELECT count(*)::int FROM receipts_awaiting_checkpoint) AS held
         FROM mail_queue WHERE template = 'service_record_receipt'`,
    );
    return rows[0]!;
  };
  let counted = await count();
  for (let i = 0; i < 120 && (counted.held > 0 || counted.sent < records); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    counted = await count();
  }
  return counted;
}

/**
 * The receipt mails the SMTP catcher still holds (its newest 500 mails): how many, and how many carry a signed
 * checkpoint that verifies with the log's key and covers the leaf the mail names.
 */
async function checkReceiptMailsInInbox(inboxUrl: string): Promise<{ read: number; verified: number }> {
  const mails = (await (await fetch(`${inboxUrl}/api/messages`)).json()) as { subject: string; text: string }[];
  const receipts = mails.filter((mail) => mail.subject.startsWith('Service record receipt:'));
  const key = await parseVerifierKey(DEVELOPMENT_LOG.verifierKey);
  let verified = 0;
  for (const mail of receipts) {
    const leaf = /as leaf (\d+)\./.exec(mail.text)?.[1];
    const note = /Signed checkpoint \(tree size \d+\):\n\n([^]*?\n\n\u2014 [^\n]+)\n/.exec(mail.text)?.[1];
    if (!leaf || !note) continue;
    const checkpoint = await verifyCheckpoint(`${note}\n`, [key], DEVELOPMENT_LOG.origin).catch(() => null);
    if (checkpoint && checkpoint.size > Number(leaf)) verified += 1;
  }
  return { read: receipts.length, verified };
}

await exitUnlessInfrastructure();

for (const service of SERVICES) await recreate(machineDatabaseUrl(`sh_${service}${SUFFIX}`));
await prepareDatabases(POSTGRES_URL, SUFFIX, [...SERVICES]);
await recreate(FLOOR_DB);
const floorPool = new pg.Pool({ connectionString: FLOOR_DB, max: 2 });
await migrate(floorPool, migrationsOf('records'));

const identityDb = new pg.Pool({ connectionString: machineDatabaseUrl(`sh_identity${SUFFIX}`), max: 4 });
const recordsDb = new pg.Pool({ connectionString: machineDatabaseUrl(`sh_records${SUFFIX}`), max: 4 });
const notificationsDb = new pg.Pool({
  connectionString: machineDatabaseUrl(`sh_notifications${SUFFIX}`),
  max: 2,
});

console.log(`Creating ${GARAGES} garages with active subscriptions...`);
const passwordHash = await hashPassword(PASSWORD);
const garages: { id: string; email: string; token: string }[] = [];
for (let i = 0; i < GARAGES; i += 1) {
  const email = `bench.garage.${i}@example.co.uk`;
  const { rows } = await identityDb.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, email_confirmed_at) VALUES ($1, $2, 'garage', now()) RETURNING id`,
    [email, passwordHash],
  );
  const id = rows[0]!.id;
  await recordsDb.query('INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)', [
    id,
    `Bench Garage ${i} Ltd`,
    `${i} High Street, Leeds, LS1 1AB`,
    email,
  ]);
  await recordsDb.query(
    `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, 'active', true, 1)`,
    [id],
  );
  await recordsDb.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [id]);
  garages.push({ id, email, token: '' });
}

process.env.SH_SERVICES = SERVICES.join(',');
process.env.SH_DOUBLES = 'smtp-catcher';
const stack = await startStack({
  ports: PORTS,
  postgresUrl: POSTGRES_URL,
  redisUrl: REDIS_URL,
  databaseSuffix: SUFFIX,
  redisKeyPrefix: 'bench_create',
  logLevel: 'warn',
  env: {
    RATE_LIMIT_API_PER_MINUTE: '100000000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
    RATE_LIMIT_LOOKUP_PER_MINUTE: '100000000',
  },
  onOutput: (name, line) => {
    if (/"level":(50|60)/.test(line)) process.stderr.write(`[${name}] ${line}\n`);
  },
});
const floor = launch('bare-insert', 'bench/bare-insert-server.ts', {
  env: { PORT: String(FLOOR_PORT), DATABASE_URL: FLOOR_DB },
});

let exitCode = 0;
try {
  const gateway = stack.urls.gateway;
  for (const garage of garages) {
    const login = await post(`${gateway}/api/v1/auth/login`, { email: garage.email, password: PASSWORD }, {});
    garage.token = (login.json as { data: { session: { access_token: string } } }).data.session.access_token;
  }
  for (let i = 0; i < 50; i += 1) {
    if (
      await fetch(`http://127.0.0.1:${FLOOR_PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const bodyFor = (garage: number, n: number) => ({
    vin: `SAJBENCH${String(garage).padStart(2, '0')}${String(n % 10_000_000).padStart(7, '0')}`.replace(/[IOQ]/g, '0'),
    vehicle_registration:
      garage < CONTENDED_GARAGES
        ? registrationFor(0, Math.floor(Math.random() * SHARED_REGISTRATIONS))
        : registrationFor(garage, n),
    mileage: 10_000 + n,
    service_type: n % 2 === 0 ? 'Full Service, Oil & Filter Change' : 'Brake Pad Replacement',
    notes: 'Routine service; all fluids topped up.',
    technician_name: 'Sam Patel',
    full_name: 'Sam Patel',
    password: PASSWORD,
    garage_id: garages[garage]!.id,
  });

  const platformSend = async (garage: number, body: Record<string, unknown>, key: string): Promise<Sample> => {
    const answer = await post(`${gateway}/api/v1/service-records`, body, {
      authorization: `Bearer ${garages[garage]!.token}`,
      'idempotency-key': key,
    });
    const created =
      answer.status === 201
        ? (answer.json as { data: { serviceRecord: { id: string }; receipt: TReceipt } }).data
        : null;
    return {
      ms: answer.ms,
      status: answer.status,
      recordId: created?.serviceRecord.id ?? null,
      receipt: created?.receipt ?? null,
      registration: String(body.vehicle_registration),
    };
  };
  const floorSend = async (_garage: number, body: Record<string, unknown>, _key: string): Promise<Sample> => {
    const answer = await post(`http://127.0.0.1:${FLOOR_PORT}/`, body, {});
    const recordId =
      answer.status === 201 ? (answer.json as { data: { serviceRecord: { id: string } } }).data.serviceRecord.id : null;
    return {
      ms: answer.ms,
      status: answer.status,
      recordId,
      receipt: null,
      registration: String(body.vehicle_registration),
    };
  };

  const databaseBytes = async () => {
    const sizeOf = async (db: pg.Pool) =>
      Number((await db.query<{ n: string }>('SELECT pg_database_size(current_database()) AS n')).rows[0]!.n);
    return { records: await sizeOf(recordsDb), notifications: await sizeOf(notificationsDb) };
  };
  const bytesBefore = await databaseBytes();
  const processGroups: ProcessGroups = {
    ...Object.fromEntries(
      ['gateway', ...SERVICES].map((part) => [part, { pids: descendantsRunning(`services/${part}/src/main.ts`) }]),
    ),
    postgres: { program: 'postgres', cmdline: SUFFIX },
    redis: { program: 'redis-server' },
  };

  console.log('Warming up for 3 s...');
  const warmUp = await load(platformSend, bodyFor, 3);
  await load(floorSend, bodyFor, 3);
  console.log(`Loading the platform (gateway -> records, password re-check by identity) for ${DURATION_S} s...`);
  const cpuBefore = takeCpuSnapshot(processGroups);
  const platformRun = await load(platformSend, bodyFor, DURATION_S);
  const cpuAfter = takeCpuSnapshot(processGroups);
  console.log(`Loading the floor (bare node:http + pg INSERT) for ${DURATION_S} s...`);
  const floorRun = await load(floorSend, bodyFor, DURATION_S);

  // The password re-check's own ceiling: identity's argon2id verify alone, 20 at a time, nothing else running.
  console.log(`Measuring argon2id verify alone (identity's parameters) for ${DURATION_S} s...`);
  const argonCpuBefore = process.cpuUsage();
  const argonRun = await load(
    async () => {
      const started = performance.now();
      const isValid = await verifyPassword(passwordHash, PASSWORD);
      return {
        ms: performance.now() - started,
        status: isValid ? 201 : 500,
        recordId: null,
        receipt: null,
        registration: '',
      };
    },
    () => ({}),
    DURATION_S,
  );
  const argonCpu = process.cpuUsage(argonCpuBefore);

  const platform = summarise('platform (gateway -> records)', platformRun);
  const bare = summarise('bare node:http + pg INSERT', floorRun);
  const argon = summarise('argon2id verify alone', argonRun);
  console.log(
    `\n${'target'.padEnd(34)}${'requests'.padStart(10)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'non-201'.padStart(9)}`,
  );
  for (const r of [platform, bare, argon]) {
    console.log(
      `${r.name.padEnd(34)}${String(r.requests).padStart(10)}${r.requestsPerSecond.toFixed(0).padStart(9)}${r.p50.toFixed(0).padStart(9)}${r.p99.toFixed(0).padStart(9)}${String(r.failed).padStart(9)}`,
    );
  }
  console.log(
    `\nplatform / floor: ${(platform.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}x throughput, p99 ${(platform.p99 / bare.p99).toFixed(1)}x`,
  );
  console.log(
    `platform / argon2id verify alone: ${(platform.requestsPerSecond / argon.requestsPerSecond).toFixed(2)}x throughput (every submit re-checks a password)`,
  );

  // What was acknowledged against what was stored, over the warm-up and the measured run.
  const acknowledged = [...warmUp.samples, ...platformRun.samples].filter((s) => s.recordId !== null);
  const acknowledgedIds = new Set(acknowledged.map((s) => s.recordId!));
  const { rows: stored } = await recordsDb.query<{ id: string }>('SELECT id FROM service_records');
  const storedIds = new Set(stored.map((r) => r.id));
  const lost = [...acknowledgedIds].filter((id) => !storedIds.has(id)).length;
  const unacknowledged = [...storedIds].filter((id) => !acknowledgedIds.has(id)).length;
  const { rows: keyRows } = await recordsDb.query<{ keys: number; records: number }>(
    'SELECT count(*)::int AS keys, count(DISTINCT record_id)::int AS records FROM idempotency_keys',
  );
  // Every submit carried a key of its own, and a key holds one record: a row beyond the keys is a double.
  const duplicates = storedIds.size - keyRows[0]!.keys + (keyRows[0]!.keys - keyRows[0]!.records);
  const doubleClickReplays = acknowledged.length - acknowledgedIds.size;

  const touched = [...new Set(acknowledged.map((s) => s.registration))];
  let intact = 0;
  for (const registration of touched) {
    const answer = (await (await fetch(`${gateway}/api/v1/service-records/verify/${registration}`)).json()) as {
      data: { valid: boolean };
    };
    if (answer.data.valid) intact += 1;
  }

  const countEvents = async () => {
    const emitted = (
      await recordsDb.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM event_outbox WHERE name = 'service_record.created'`,
      )
    ).rows[0]!.n;
    const consumed = (
      await notificationsDb.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM processed_events WHERE name = 'service_record.created'`,
      )
    ).rows[0]!.n;
    return { emitted, consumed };
  };
  let events = await countEvents();
  for (let i = 0; i < 120 && events.consumed < events.emitted; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    events = await countEvents();
  }

  const inclusion = await checkInclusion(gateway, [
    ...new Map(acknowledged.map((s) => [s.recordId!, s.receipt!])).values(),
  ]);
  const receiptMails = await waitForReceiptMails(notificationsDb, storedIds.size);
  const inbox = await checkReceiptMailsInInbox(stack.urls.smtpInbox);
  const argonRatio = platform.requestsPerSecond / argon.requestsPerSecond;

  const checks = [
    [
      `201 answers (${acknowledgedIds.size} records, ${doubleClickReplays} double-click replays) = rows stored (${storedIds.size})`,
      acknowledgedIds.size === storedIds.size && lost === 0 && unacknowledged === 0,
    ],
    [`duplicates: ${duplicates}`, duplicates === 0],
    [`chains that verify: ${intact} of ${touched.length} touched registrations`, intact === touched.length],
    [
      `service_record.created emitted ${events.emitted}, consumed ${events.consumed}`,
      events.emitted === storedIds.size && events.consumed === events.emitted,
    ],
    [
      `new entries whose inclusion in checkpoint ${inclusion.treeSize} (signature checked with ${DEVELOPMENT_LOG.verifierKey.split('+')[1]}) verifies: ${inclusion.verified} of ${acknowledgedIds.size}, leaves ${inclusion.leaves}`,
      inclusion.isSignatureValid && inclusion.verified === acknowledgedIds.size,
    ],
    [
      `receipt mails queued ${receiptMails.queued} (${receiptMails.events} events), sent ${receiptMails.sent}, still held ${receiptMails.held}, for ${storedIds.size} records; ` +
        `of the ${inbox.read} the SMTP catcher kept, ${inbox.verified} carry a signed checkpoint that verifies and covers their leaf`,
      receiptMails.queued === storedIds.size &&
        receiptMails.events === receiptMails.queued &&
        receiptMails.sent === receiptMails.queued &&
        receiptMails.held === 0 &&
        inbox.read > 0 &&
        inbox.verified === inbox.read,
    ],
    [`platform / argon2id verify alone ${argonRatio.toFixed(2)}x (at least 0.5x)`, argonRatio >= 0.5],
    [`p99 ${platform.p99.toFixed(0)} ms (target at most 300 ms)`, platform.p99 <= 300],
  ] as const;
  console.log('');
  for (const [label, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
  if (checks.slice(0, 7).some(([, ok]) => !ok)) exitCode = 1;

  // For `npm run capacity` (docs/capacity.md): what one record costs each process and each database.
  const createdInRun = new Set(platformRun.samples.filter((s) => s.recordId !== null).map((s) => s.recordId!)).size;
  const cpuMicrosPerCreate =
    cpuBefore && cpuAfter
      ? Object.fromEntries(
          Object.entries(cpuSecondsBetween(cpuBefore, cpuAfter)).map(([part, seconds]) => [
            part,
            Math.round((seconds * 1e6) / createdInRun),
          ]),
        )
      : null;
  const argon2 = {
    verifications: argonRun.samples.length,
    cpuMicrosPerVerify: Math.round((argonCpu.user + argonCpu.system) / argonRun.samples.length),
  };
  const bytesAfter = await databaseBytes();
  const databaseBytesPerRecord = {
    records: Math.round((bytesAfter.records - bytesBefore.records) / storedIds.size),
    notifications: Math.round((bytesAfter.notifications - bytesBefore.notifications) / storedIds.size),
  };
  console.log(
    `\nCPU microseconds per created record (${createdInRun} records): ${
      cpuMicrosPerCreate
        ? Object.entries(cpuMicrosPerCreate)
            .map(([part, us]) => `${part} ${us}`)
            .join(', ')
        : 'no /proc'
    }; ` +
      `argon2id verify alone: ${argon2.cpuMicrosPerVerify} µs of CPU each (${argon2.verifications}); ` +
      `database growth per record (${storedIds.size}): records ${databaseBytesPerRecord.records} bytes, notifications ${databaseBytesPerRecord.notifications} bytes`,
  );

  writeResults('create', {
    durationS: DURATION_S,
    garages: GARAGES,
    results: [platform, bare, argon],
    checks,
    createdInRun,
    cpuMicrosPerCreate,
    argon2,
    databaseBytesPerRecord,
  });
} finally {
  await stopChild(floor);
  await stack.stop();
  await Promise.all([identityDb.end(), recordsDb.end(), notificationsDb.end(), floorPool.end()]);
}
process.exit(exitCode);

/**
 * `npm run chaos`: faults under load, one after the other, and what each cost.
 *
 * Its own platform (stackPorts(29080, 25000), databases sh_<service>_chaos with the demo data, queue prefix
 * chaos). Six garages with passwords, confirmed e-mails and active entitlements create records through the
 * gateway, each with an Idempotency-Key: a 5xx or a network error is retried with the same key until it is
 * answered, as the web app does, and every tenth submit is sent twice at once (a double click). Four visitors
 * look vehicles up meanwhile. Every loop is bounded and every target is 127.0.0.1.
 *
 * Faults: a baseline without one; each service and the gateway SIGKILLed and launched again 4 s later; Redis
 * stopped for 30 s and started again empty (`redis-cli shutdown nosave`, then scripts/start-databases.sh;
 * started again in a `finally` and on exit whatever happens); Postgres restarted; Stripe webhooks held, released newest first, then
 * every one re-sent twice at once and once more in reverse order. After each fault the load stops (each garage
 * finishes the submit it has in hand), the platform settles (every /readyz answers, every outbox row is published
 * and consumed by every subscriber, no receipt mail awaits its checkpoint, no job waits) and the run compares:
 * requests, 5xx, records acknowledged against stored, events emitted against consumed, receipt mails queued against
 * acknowledged records, duplicates. It exits non-zero if anything was lost or doubled.
 *
 * The Postgres fault hits this machine's shared server: run it when nothing else needs it. So does the Redis fault
 * with the machine's Redis on 6379 (the default); with CHAOS_REDIS_PORT=<port> the platform uses a Redis of the run's
 * own on that port instead, which the run starts (keeping nothing on disk) and stops at its end.
 * CHAOS_FAULTS=redis (say) runs only some of the faults.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { EVENT_SUBSCRIBERS, type TEventName, type TServiceName } from '@sh/shared/contract';
import {
  checkInfrastructure,
  databaseUrl,
  ROOT,
  SERVICE_NAMES,
  stackPorts,
  START_DATABASES_SCRIPT,
  startStack,
  type RunningStack,
  type ServiceName,
} from '@sh/shared/launcher';
import { CONSUMING_SERVICES, queueCounts } from '@sh/shared/server';
import { seedSubscriptionsFor } from '../doubles/src/stripe/seed-subscriptions.js';
import { eventStatusOf } from '../services/billing/src/domain/subscription-status.js';
import { hashPassword } from '../services/identity/src/domain/passwords.js';
import { prepareDatabases, seedDemoData, seedGarages, seedVehicles } from '../scripts/seed.js';

const POSTGRES_URL = process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_PORT = process.env.CHAOS_REDIS_PORT ?? '6379';
if (!/^\d{1,5}$/.test(REDIS_PORT)) throw new Error(`CHAOS_REDIS_PORT must be a port number, not "${REDIS_PORT}"`);
/** Whether the platform uses a Redis of this run's own, which it starts and stops, rather than the machine's. */
const IS_OWN_REDIS = REDIS_PORT !== '6379';
const REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
const SUFFIX = '_chaos';
const PREFIX = 'chaos';
const PORTS = stackPorts(29080, 25000);
const GARAGES = 6;
const CONTENDED_GARAGES = 3;
const SHARED_REGISTRATIONS = 20;
const VISITORS = 4;
const PASSWORD = 'ChaosGarage2026';
const KILL_DOWN_MS = 4000;
const REDIS_DOWN_MS = 30_000;
const SETTLE_TIMEOUT_MS = 240_000;
/** How long a garage keeps retrying one submit before it gives up on it (reported, never expected). */
const SUBMIT_GIVE_UP_MS = 180_000;
const REQUEST_TIMEOUT_MS = 20_000;
const STRIPE_KEY = 'sk_test_local_double';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const PG_VERSION = readdirSync('/etc/postgresql')[0]!;
const RESULTS_DIR = path.join(ROOT, 'bench/results');
/** CHAOS_FAULTS=kills,stripe (say) runs only those of baseline, kills, redis, postgres, stripe; all by default. */
const FAULTS = new Set(
  (process.env.CHAOS_FAULTS ?? 'baseline,kills,redis,postgres,stripe').split(',').map((f) => f.trim()),
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const execFileAsync = promisify(execFile);

// ---------------------------------------------------------------------------------------------------------------
// The platform's Redis: whatever happens, the machine's is running again when this process ends, and the run's own
// (CHAOS_REDIS_PORT) is stopped.

let isRedisStopped = false;

function redisAnswers(): boolean {
  return (
    spawnSync('redis-cli', ['-p', REDIS_PORT, 'ping'], { encoding: 'utf8', timeout: 3000 }).stdout?.trim() === 'PONG'
  );
}

/** Starts the platform's Redis with scripts/start-databases.sh, unless it already answers. Synchronous: usable on exit. */
function startRedisSync(): void {
  spawnSync('bash', [START_DATABASES_SCRIPT, '--redis-port', REDIS_PORT], { cwd: ROOT, stdio: 'ignore' });
  isRedisStopped = false;
}

/** Stops the run's own Redis (never the machine's). Synchronous: usable on exit. */
function stopOwnRedisSync(): void {
  if (IS_OWN_REDIS)
    spawnSync('redis-cli', ['-p', REDIS_PORT, 'shutdown', 'nosave'], { stdio: 'ignore', timeout: 3000 });
}

process.on('exit', () => {
  if (isRedisStopped) startRedisSync();
  stopOwnRedisSync();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (isRedisStopped) startRedisSync();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Book-keeping of one fault.

interface Submit {
  key: string;
  phase: string;
  garage: number;
  registration: string;
  recordIds: Set<string>;
  /** Answered 201 at least once. */
  isAcknowledged: boolean;
  /** Answered 201 to an attempt sent and answered while Redis was stopped. */
  isAcknowledgedInOutage: boolean;
  gaveUp: boolean;
  rejectedWith: string | null;
}

interface Phase {
  name: string;
  requests: number;
  serverErrors: number;
  networkErrors: number;
  submitAttempts: number;
  lookups: number;
  lookupAnswers: number;
  lookupServerErrors: number;
  lookupNetworkErrors: number;
  /** Lookups made while Redis was stopped, those answered (< 500), and their latencies. */
  outageLookups: number;
  outageLookupAnswers: number;
  outageLookupMs: number[];
  outageSubmitAttempts: number;
  submitStatuses: Record<string, number>;
  lookupStatuses: Record<string, number>;
  /** How long the garages took, once the load was stopped, to have the submits in hand answered. */
  drainSeconds: number;
  notes: string[];
  startedAt: number;
}

function newPhase(name: string): Phase {
  return {
    name,
    requests: 0,
    serverErrors: 0,
    networkErrors: 0,
    submitAttempts: 0,
    lookups: 0,
    lookupAnswers: 0,
    lookupServerErrors: 0,
    lookupNetworkErrors: 0,
    outageLookups: 0,
    outageLookupAnswers: 0,
    outageLookupMs: [],
    outageSubmitAttempts: 0,
    submitStatuses: {},
    lookupStatuses: {},
    drainSeconds: 0,
    notes: [],
    startedAt: Date.now(),
  };
}

const submits: Submit[] = [];
let isInRedisOutage = false;

function count(phase: Phase, status: number | null, statuses: Record<string, number> | null = null): void {
  phase.requests += 1;
  const label = status === null ? 'network' : String(status);
  if (statuses) statuses[label] = (statuses[label] ?? 0) + 1;
  if (status === null) phase.networkErrors += 1;
  else if (status >= 500) phase.serverErrors += 1;
}

async function call(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number | null; json: unknown; ms: number }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const json = await response.json().catch(() => null);
    return { status: response.status, json, ms: performance.now() - started };
  } catch {
    return { status: null, json: null, ms: performance.now() - started };
  }
}

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

// ---------------------------------------------------------------------------------------------------------------
// The load: garages logging services, visitors looking vehicles up.

interface Garage {
  index: number;
  id: string;
  email: string;
  token: string;
  next: number;
}

/** A current-format registration for (group, n): `C` + a letter + two digits + three letters. */
function registrationFor(group: number, n: number): string {
  const letters = [Math.floor(n / 529) % 23, Math.floor(n / 23) % 23, n % 23].map((i) => LETTERS[i]).join('');
  return `C${LETTERS[group % 23]}${String(10 + (Math.floor(n / 12167) % 90))}${letters}`;
}

function bodyFor(garage: Garage, n: number, key: string, registration: string): Record<string, unknown> {
  return {
    vin: `SAJCHX${String(garage.index).padStart(2, '0')}${String(n).padStart(9, '0')}`,
    vehicle_registration: registration,
    mileage: 20_000 + n,
    service_type: n % 2 === 0 ? 'Full Service, Oil & Filter Change' : 'Brake Pad Replacement',
    notes: `chaos submit ${key}`,
    technician_name: 'Sam Patel',
    full_name: 'Sam Patel',
    password: PASSWORD,
  };
}

class Load {
  private isStopping = false;
  private readonly runners: Promise<void>[] = [];

  constructor(
    private readonly gateway: string,
    private readonly garages: Garage[],
    private readonly lookupRegistrations: string[],
    private readonly phase: Phase,
  ) {
    for (const garage of garages) this.runners.push(this.garageLoop(garage));
    for (let i = 0; i < VISITORS; i += 1) this.runners.push(this.visitorLoop(i));
  }

  /** Stops starting new work; resolves once each garage has had its submit in hand answered (or given up). */
  async stop(): Promise<void> {
    this.isStopping = true;
    await Promise.all(this.runners);
  }

  private async login(garage: Garage): Promise<void> {
    const deadline = Date.now() + SUBMIT_GIVE_UP_MS;
    for (let delay = 250; Date.now() < deadline; delay = Math.min(delay * 2, 2000)) {
      const answer = await postJson(`${this.gateway}/api/v1/auth/login`, { email: garage.email, password: PASSWORD });
      count(this.phase, answer.status);
      if (answer.status === 200) {
        garage.token = (answer.json as { data: { session: { access_token: string } } }).data.session.access_token;
        return;
      }
      await sleep(delay);
    }
    throw new Error(`garage ${garage.index} could not sign in for ${SUBMIT_GIVE_UP_MS / 1000} s`);
  }

  private async send(garage: Garage, submit: Submit, body: Record<string, unknown>): Promise<number | null> {
    const isSentInOutage = isInRedisOutage;
    const answer = await postJson(`${this.gateway}/api/v1/service-records`, body, {
      authorization: `Bearer ${garage.token}`,
      'idempotency-key': submit.key,
    });
    count(this.phase, answer.status, this.phase.submitStatuses);
    this.phase.submitAttempts += 1;
    const isInOutage = isSentInOutage && isInRedisOutage;
    if (isInOutage) this.phase.outageSubmitAttempts += 1;
    if (answer.status === 201) {
      submit.recordIds.add((answer.json as { data: { serviceRecord: { id: string } } }).data.serviceRecord.id);
      submit.isAcknowledged = true;
      if (isInOutage) submit.isAcknowledgedInOutage = true;
    } else if (answer.status !== null && answer.status < 500 && answer.status !== 401 && answer.status !== 429) {
      const code = (answer.json as { code?: string } | null)?.code ?? '';
      submit.rejectedWith = `${answer.status} ${code}`.trim();
    }
    return answer.status;
  }

  /** One garage: submit after submit until stopped; each submit retried with its key until it is answered. */
  private async garageLoop(garage: Garage): Promise<void> {
    for (let i = 0; i < 10_000 && !this.isStopping; i += 1) {
      const n = garage.next++;
      const key = randomUUID();
      const registration =
        garage.index < CONTENDED_GARAGES
          ? registrationFor(0, Math.floor(Math.random() * SHARED_REGISTRATIONS))
          : registrationFor(garage.index + 1, n);
      const submit: Submit = {
        key,
        phase: this.phase.name,
        garage: garage.index,
        registration,
        recordIds: new Set(),
        isAcknowledged: false,
        isAcknowledgedInOutage: false,
        gaveUp: false,
        rejectedWith: null,
      };
      submits.push(submit);
      const body = bodyFor(garage, n, key, registration);
      const giveUpAt = Date.now() + SUBMIT_GIVE_UP_MS;
      // Every tenth submit is a double click: the same key twice at once.
      let statuses = await Promise.all(
        n % 10 === 9
          ? [this.send(garage, submit, body), this.send(garage, submit, body)]
          : [this.send(garage, submit, body)],
      );
      for (let delay = 250; !submit.isAcknowledged && !submit.rejectedWith; delay = Math.min(delay * 2, 2000)) {
        if (Date.now() > giveUpAt) {
          submit.gaveUp = true;
          break;
        }
        if (statuses.includes(401)) await this.login(garage);
        else await sleep(delay);
        statuses = [await this.send(garage, submit, body)];
      }
      await sleep(150);
    }
  }

  private async visitorLoop(visitor: number): Promise<void> {
    for (let i = 0; i < 100_000 && !this.isStopping; i += 1) {
      const registration = this.lookupRegistrations[(visitor * 7919 + i * 31) % this.lookupRegistrations.length]!;
      const inOutage = isInRedisOutage;
      const answer = await call(`${this.gateway}/api/v1/service-records/lookup/${registration}`);
      count(this.phase, answer.status, this.phase.lookupStatuses);
      this.phase.lookups += 1;
      const isAnswered = answer.status !== null && answer.status < 500;
      if (isAnswered) this.phase.lookupAnswers += 1;
      else if (answer.status === null) this.phase.lookupNetworkErrors += 1;
      else this.phase.lookupServerErrors += 1;
      if (inOutage && isInRedisOutage) {
        this.phase.outageLookups += 1;
        if (isAnswered) this.phase.outageLookupAnswers += 1;
        this.phase.outageLookupMs.push(answer.ms);
      }
      await sleep(100);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the databases hold.

const pools = Object.fromEntries(
  SERVICE_NAMES.map((name) => {
    const pool = new pg.Pool({ connectionString: databaseUrl(POSTGRES_URL, `sh_${name}${SUFFIX}`), max: 2 });
    pool.on('error', () => undefined); // idle clients die with the Postgres restart; the next query reconnects
    return [name, pool];
  }),
) as Record<ServiceName, pg.Pool>;

interface OutboxRow {
  id: string;
  name: TEventName;
  published: boolean;
  recordId: string | null;
  service: ServiceName;
}

interface EventState {
  outbox: OutboxRow[];
  processed: Record<string, Set<string>>;
}

async function readEvents(): Promise<EventState> {
  const outbox: OutboxRow[] = [];
  for (const service of SERVICE_NAMES) {
    const { rows } = await pools[service].query<{
      id: string;
      name: TEventName;
      published: boolean;
      record_id: string | null;
    }>(`SELECT id, name, published_at IS NOT NULL AS published, payload->>'recordId' AS record_id FROM event_outbox`);
    for (const row of rows)
      outbox.push({ id: row.id, name: row.name, published: row.published, recordId: row.record_id, service });
  }
  const processed: Record<string, Set<string>> = {};
  for (const service of CONSUMING_SERVICES) {
    const { rows } = await pools[service as ServiceName].query<{ event_id: string }>(
      'SELECT event_id FROM processed_events',
    );
    processed[service] = new Set(rows.map((row) => row.event_id));
  }
  return { outbox, processed };
}

/** Deliveries owed (one per event and subscriber) and those that were not made, among `rows`. */
function deliveries(
  rows: OutboxRow[],
  processed: EventState['processed'],
): { owed: number; missing: Array<{ id: string; name: string; to: TServiceName }> } {
  let owed = 0;
  const missing: Array<{ id: string; name: string; to: TServiceName }> = [];
  for (const row of rows) {
    for (const to of EVENT_SUBSCRIBERS[row.name] ?? []) {
      owed += 1;
      if (!processed[to]?.has(row.id)) missing.push({ id: row.id, name: row.name, to });
    }
  }
  return { owed, missing };
}

/** How many receipt mails notifications holds until a checkpoint covers their entry. */
async function heldReceipts(): Promise<number> {
  return (await pools.notifications.query<{ n: number }>('SELECT count(*)::int AS n FROM receipts_awaiting_checkpoint'))
    .rows[0]!.n;
}

/** The receipt mails notifications queued for these service_record.created events: how many per event. */
async function receiptMailsFor(eventIds: string[]): Promise<Map<string, number>> {
  const { rows } = await pools.notifications.query<{ event_id: string; n: number }>(
    `SELECT event_id, count(*)::int AS n FROM mail_queue WHERE template = 'service_record_receipt' AND event_id = ANY($1::uuid[]) GROUP BY event_id`,
    [eventIds],
  );
  return new Map(rows.map((row) => [row.event_id, row.n]));
}

// ---------------------------------------------------------------------------------------------------------------
// Settling: every /readyz answers, every outbox row is published and consumed, no receipt awaits a checkpoint, no
// job waits.

interface Settled {
  isSettled: boolean;
  seconds: number;
  waitingFor: string;
}

async function isReady(url: string): Promise<'ready' | 'not ready' | 'down'> {
  const answer = await call(`${url}/readyz`);
  if (answer.status === null) return 'down';
  return answer.status === 200 ? 'ready' : 'not ready';
}

async function settle(stack: RunningStack, phase: Phase): Promise<Settled> {
  const started = Date.now();
  const downSince = new Map<string, number>();
  const targets: Array<[string, string]> = [
    ...stack.services.map((name): [string, string] => [name, `http://127.0.0.1:${PORTS[name]}`]),
    ['gateway', `http://127.0.0.1:${PORTS.gateway}`],
  ];
  let waitingFor = '';
  while (Date.now() - started < SETTLE_TIMEOUT_MS) {
    const unready: string[] = [];
    for (const [name, url] of targets) {
      const readiness = await isReady(url);
      if (readiness === 'ready') {
        downSince.delete(name);
        continue;
      }
      unready.push(`${name} ${readiness}`);
      if (readiness === 'down') {
        const since = downSince.get(name) ?? Date.now();
        downSince.set(name, since);
        // A process that stays unreachable died on its own: say so, and launch it again so that the run goes on.
        if (Date.now() - since > 15_000) {
          phase.notes.push(
            `${name} was not running after the fault (it died on its own); the chaos script launched it again`,
          );
          await stack.restart!(name);
          downSince.delete(name);
        }
      }
    }
    if (unready.length > 0) {
      waitingFor = `readyz: ${unready.join(', ')}`;
      await sleep(1000);
      continue;
    }
    try {
      const events = await readEvents();
      const unpublished = events.outbox.filter((row) => !row.published).length;
      const { missing } = deliveries(events.outbox, events.processed);
      const queues = await queueCounts(REDIS_URL, PREFIX);
      const busy = Object.entries(queues).filter(([, c]) => c.waiting + c.active + c.delayed > 0);
      // Receipt mails wait for the checkpoint that covers their entry (records signs one every second here).
      const held = await heldReceipts();
      if (unpublished === 0 && missing.length === 0 && busy.length === 0 && held === 0) {
        return { isSettled: true, seconds: (Date.now() - started) / 1000, waitingFor: '' };
      }
      waitingFor = `${unpublished} unpublished, ${missing.length} deliveries not consumed, ${held} receipts awaiting a checkpoint, busy queues: ${busy.map(([s, c]) => `${s} ${JSON.stringify(c)}`).join('; ') || 'none'}`;
    } catch (error) {
      waitingFor = `cannot read the state: ${(error as Error).message}`;
    }
    await sleep(1000);
  }
  return { isSettled: false, seconds: (Date.now() - started) / 1000, waitingFor };
}

// ---------------------------------------------------------------------------------------------------------------
// The comparison after a fault.

interface Row {
  fault: string;
  requests: number;
  serverErrors: number;
  networkErrors: number;
  lookups: string;
  acknowledged: number;
  stored: number;
  lost: number;
  eventsEmitted: number;
  deliveriesOwed: number;
  deliveriesConsumed: number;
  /** Receipt mails queued / owed (one per acknowledged record, once a checkpoint covers it). */
  receiptMails: string;
  duplicates: number;
  settleSeconds: number;
  ok: boolean;
  notes: string[];
}

const seenOutbox = new Set<string>();

async function compare(
  phase: Phase,
  garages: Garage[],
  settled: Settled,
  extra: { duplicates?: number; failures?: string[] } = {},
): Promise<Row> {
  const mine = submits.filter((s) => s.phase === phase.name);
  const { rows: stored } = await pools.records.query<{ id: string; notes: string }>(
    'SELECT id, notes FROM service_records WHERE garage_id = ANY($1::uuid[])',
    [garages.map((g) => g.id)],
  );
  const rowsByKey = new Map<string, string[]>();
  for (const row of stored) {
    const key = /^chaos submit (.+)$/.exec(row.notes ?? '')?.[1];
    if (!key) continue;
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row.id]);
  }
  const storedIds = new Set(stored.map((r) => r.id));
  const acknowledged = mine.filter((s) => s.isAcknowledged);
  const lostSubmits = acknowledged.filter((s) => [...s.recordIds].some((id) => !storedIds.has(id)));
  const storedOfPhase = mine.filter((s) => rowsByKey.has(s.key));
  const doubledRows = mine.filter((s) => (rowsByKey.get(s.key)?.length ?? 0) > 1);
  const doubledAnswers = mine.filter((s) => s.recordIds.size > 1);
  const unacknowledgedStored = storedOfPhase.filter((s) => !s.isAcknowledged);
  const gaveUp = mine.filter((s) => s.gaveUp);
  const rejected = mine.filter((s) => s.rejectedWith);

  const events = await readEvents();
  const newRows = events.outbox.filter((row) => !seenOutbox.has(row.id));
  for (const row of newRows) seenOutbox.add(row.id);
  const { owed, missing } = deliveries(newRows, events.processed);
  // An event emitted twice for one record (service_record.created is the only event a record makes).
  const createdPerRecord = new Map<string, number>();
  for (const row of events.outbox)
    if (row.name === 'service_record.created' && row.recordId)
      createdPerRecord.set(row.recordId, (createdPerRecord.get(row.recordId) ?? 0) + 1);
  const doubledEvents = newRows.filter(
    (row) => row.name === 'service_record.created' && row.recordId && (createdPerRecord.get(row.recordId) ?? 0) > 1,
  ).length;
  const missingCreated = acknowledged.filter((s) => [...s.recordIds].some((id) => !createdPerRecord.has(id))).length;
  // Each acknowledged record's receipt mail (every chaos garage has an e-mail), queued once with its checkpoint.
  const acknowledgedIds = new Set(acknowledged.flatMap((s) => [...s.recordIds]));
  const createdIds = events.outbox
    .filter((row) => row.name === 'service_record.created' && row.recordId && acknowledgedIds.has(row.recordId))
    .map((row) => row.id);
  const receiptMails = await receiptMailsFor(createdIds);
  const missingReceipts = createdIds.filter((id) => !receiptMails.has(id)).length;
  const doubledReceipts = [...receiptMails.values()].filter((n) => n > 1).length;
  const queues = await queueCounts(REDIS_URL, PREFIX);
  const dead = Object.entries(queues).filter(([, c]) => c.failed > 0);

  const notes = [...phase.notes];
  const failures = [...(extra.failures ?? [])];
  if (lostSubmits.length > 0)
    failures.push(
      `${lostSubmits.length} acknowledged records not stored: ${lostSubmits
        .slice(0, 5)
        .map((s) => [...s.recordIds].join('/'))
        .join(', ')}`,
    );
  if (doubledRows.length > 0)
    failures.push(
      `${doubledRows.length} submits stored more than once (keys ${doubledRows
        .slice(0, 5)
        .map((s) => s.key)
        .join(', ')})`,
    );
  if (doubledAnswers.length > 0) failures.push(`${doubledAnswers.length} keys answered with different records`);
  if (doubledEvents > 0) failures.push(`${doubledEvents} service_record.created events emitted twice for one record`);
  if (missingCreated > 0)
    failures.push(`${missingCreated} acknowledged records without a service_record.created event`);
  if (missingReceipts > 0) failures.push(`${missingReceipts} acknowledged records without a receipt mail queued`);
  if (doubledReceipts > 0) failures.push(`${doubledReceipts} records with their receipt mail queued more than once`);
  if (missing.length > 0)
    failures.push(
      `${missing.length} deliveries not consumed: ${missing
        .slice(0, 8)
        .map((m) => `${m.name} ${m.id} -> ${m.to}`)
        .join(', ')}`,
    );
  if (!settled.isSettled) failures.push(`did not settle within ${SETTLE_TIMEOUT_MS / 1000} s (${settled.waitingFor})`);
  if (gaveUp.length > 0)
    failures.push(`${gaveUp.length} submits still unanswered after ${SUBMIT_GIVE_UP_MS / 1000} s of retries`);
  if (rejected.length > 0)
    failures.push(
      `${rejected.length} submits refused: ${[...new Set(rejected.map((s) => s.rejectedWith))].join(', ')}`,
    );
  if (unacknowledgedStored.length > 0) notes.push(`${unacknowledgedStored.length} stored records never acknowledged`);
  if (dead.length > 0) failures.push(`dead-lettered jobs: ${dead.map(([s, c]) => `${s} ${c.failed}`).join(', ')}`);
  const duplicates =
    doubledRows.length + doubledAnswers.length + doubledEvents + doubledReceipts + (extra.duplicates ?? 0);
  return {
    fault: phase.name,
    requests: phase.requests,
    serverErrors: phase.serverErrors,
    networkErrors: phase.networkErrors,
    lookups: `${phase.lookupAnswers}/${phase.lookups}`,
    acknowledged: acknowledged.length,
    stored: storedOfPhase.length,
    lost: lostSubmits.length,
    eventsEmitted: newRows.length,
    deliveriesOwed: owed,
    deliveriesConsumed: owed - missing.length,
    receiptMails: `${createdIds.length - missingReceipts}/${createdIds.length}`,
    duplicates,
    settleSeconds: settled.seconds,
    ok: failures.length === 0,
    notes: [...failures.map((f) => `FAIL ${f}`), ...notes],
  };
}

function printRow(row: Row, phase: Phase): void {
  console.log(
    `\n== ${row.fault}: ${row.ok ? 'ok' : 'FAILED'}\n` +
      `   requests ${row.requests} (submits ${phase.submitAttempts}, lookups ${phase.lookups}), 5xx ${row.serverErrors}, network errors ${row.networkErrors}\n` +
      `   lookups answered ${row.lookups}; lookup statuses ${JSON.stringify(phase.lookupStatuses)}, submit statuses ${JSON.stringify(phase.submitStatuses)}\n` +
      `   records acknowledged ${row.acknowledged}, stored ${row.stored}, lost ${row.lost}\n` +
      `   events emitted ${row.eventsEmitted} (${row.deliveriesOwed} deliveries owed), consumed ${row.deliveriesConsumed}; receipt mails queued ${row.receiptMails}\n` +
      `   duplicates ${row.duplicates}; submits in hand answered ${phase.drainSeconds.toFixed(1)} s after the load stopped, then settled in ${row.settleSeconds.toFixed(1)} s`,
  );
  for (const note of row.notes) console.log(`   - ${note}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Stripe: webhooks held, released newest first, then re-sent twice at once and once more in reverse order.

interface StripePlan {
  subscriptionId: string;
  garageId: string;
  steps: Array<'active' | 'past_due' | 'canceled' | 'trial_will_end'>;
}

interface ChangedRow {
  id: string;
  subscriptionId: string;
  status: string;
  previousStatus: string | null;
  reason: string;
  cancelAtPeriodEnd: boolean;
}

async function subscriptionChanged(): Promise<ChangedRow[]> {
  const { rows } = await pools.billing.query<{ id: string; payload: Omit<ChangedRow, 'id'> }>(
    `SELECT id, payload FROM event_outbox WHERE name = 'subscription.changed' ORDER BY occurred_at, id`,
  );
  return rows.map((row) => ({ id: row.id, ...row.payload }));
}

async function stripeFault(stripeUrl: string): Promise<{ failures: string[]; duplicates: number; notes: string[] }> {
  const failures: string[] = [];
  const notes: string[] = [];
  const seeded = seedSubscriptionsFor(seedGarages(), Math.floor(Date.now() / 1000));
  const pick = (status: string, nth: number) => seeded.filter((s) => s.status === status)[nth];
  const plans: StripePlan[] = [];
  const add = (seed: (typeof seeded)[number] | undefined, steps: StripePlan['steps']) => {
    if (seed) plans.push({ subscriptionId: seed.subscriptionId, garageId: seed.garageId, steps });
  };
  add(pick('active', 1), ['past_due', 'active']);
  add(pick('active', 2), ['past_due']);
  add(pick('active', 3), ['canceled']);
  add(pick('trialing', 0), ['trial_will_end', 'active', 'canceled']);
  add(pick('past_due', 0), ['active']);

  const control = async (pathname: string, body: unknown) => {
    const answer = await postJson(`${stripeUrl}${pathname}`, body);
    if (answer.status !== 200)
      throw new Error(`Stripe double ${pathname} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    return answer.json as { data: unknown };
  };
  const before = new Set((await subscriptionChanged()).map((row) => row.id));

  await control('/_control/webhooks/hold', {});
  const eventIds: string[] = [];
  const longest = Math.max(...plans.map((p) => p.steps.length));
  for (let step = 0; step < longest; step += 1) {
    for (const plan of plans) {
      const to = plan.steps[step];
      if (!to) continue;
      const answer = (await control(`/_control/subscriptions/${plan.subscriptionId}/advance`, { to })) as {
        data: { events: Array<{ id: string }> };
      };
      eventIds.push(...answer.data.events.map((e) => e.id));
    }
  }
  const released = (await control('/_control/webhooks/release', { order: 'newest-first' })) as {
    data: { delivered: Array<{ status: number | null }> };
  };
  const releaseStatuses = released.data.delivered.map((d) => d.status);
  notes.push(
    `${eventIds.length} Stripe events held, released newest first: statuses ${JSON.stringify(countBy(releaseStatuses.map(String)))}`,
  );

  const waitForBilling = async () => {
    for (let i = 0; i < 120; i += 1) {
      const { rows } = await pools.billing.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM stripe_events WHERE event_id = ANY($1::text[])',
        [eventIds],
      );
      if (rows[0]!.n === eventIds.length) return;
      await sleep(500);
    }
  };
  await waitForBilling();
  await sleep(2000);
  const afterRelease = (await subscriptionChanged()).filter((row) => !before.has(row.id));

  // The same deliveries again, newest first: each twice at once, then each once more.
  const resend = async (id: string) =>
    (await postJson(`${stripeUrl}/_control/events/${id}/resend`, {})).json as {
      data: { status: number | null };
    } | null;
  const resendStatuses: Array<number | null> = [];
  for (const id of [...eventIds].reverse()) {
    const answers = await Promise.all([resend(id), resend(id)]);
    resendStatuses.push(...answers.map((a) => a?.data.status ?? null));
  }
  for (const id of [...eventIds].reverse()) resendStatuses.push((await resend(id))?.data.status ?? null);
  notes.push(
    `${resendStatuses.length} duplicate deliveries: statuses ${JSON.stringify(countBy(resendStatuses.map(String)))}`,
  );
  await sleep(3000);
  const afterDuplicates = (await subscriptionChanged()).filter((row) => !before.has(row.id));

  const fromDuplicates = afterDuplicates.length - afterRelease.length;
  if (fromDuplicates !== 0)
    failures.push(`duplicate deliveries emitted ${fromDuplicates} more subscription.changed events`);
  const seen = new Map<string, number>();
  for (const row of afterDuplicates) {
    const tuple = JSON.stringify([
      row.subscriptionId,
      row.status,
      row.previousStatus,
      row.reason,
      row.cancelAtPeriodEnd,
    ]);
    seen.set(tuple, (seen.get(tuple) ?? 0) + 1);
  }
  const doubledChanges = [...seen.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);
  if (doubledChanges > 0)
    failures.push(
      `${doubledChanges} subscription.changed events repeat an earlier one (same subscription, status, previous status, reason)`,
    );
  notes.push(
    `subscription.changed emitted: ${afterDuplicates.map((r) => `${r.subscriptionId.slice(-6)} ${r.previousStatus}->${r.status} (${r.reason})`).join('; ') || 'none'}`,
  );
  for (const plan of plans) {
    const mine = afterDuplicates.filter((row) => row.subscriptionId === plan.subscriptionId);
    if (mine.length > 1) {
      notes.push(
        `${plan.subscriptionId} (${plan.steps.join(' -> ')}) was announced by ${mine.length} subscription.changed events with different reasons ` +
          `(${mine.map((r) => r.reason).join(', ')}): one per Stripe event that found news, not a redelivery`,
      );
    }
  }
  if (releaseStatuses.some((s) => s !== 200))
    notes.push('some released deliveries were not answered 200; the duplicate deliveries carried them');

  // Everyone ends at Stripe's newest state (checked once the platform has settled: see checkStripeStates).
  stripePlans = plans;
  return { failures, duplicates: fromDuplicates + doubledChanges, notes };
}

let stripePlans: StripePlan[] = [];

async function checkStripeStates(stripeUrl: string): Promise<string[]> {
  const failures: string[] = [];
  for (const plan of stripePlans) {
    const answer = await call(`${stripeUrl}/v1/subscriptions/${plan.subscriptionId}`, {
      headers: { authorization: `Bearer ${STRIPE_KEY}` },
    });
    const stripeStatus = (answer.json as { status: string }).status;
    const billing = (
      await pools.billing.query<{ status: string }>('SELECT status FROM subscriptions WHERE subscription_id = $1', [
        plan.subscriptionId,
      ])
    ).rows[0]?.status;
    const records = (
      await pools.records.query<{ s: string }>(
        'SELECT subscription_status AS s FROM garage_entitlements WHERE garage_id = $1',
        [plan.garageId],
      )
    ).rows[0]?.s;
    const garages = (
      await pools.garages.query<{ s: string }>('SELECT subscription_status AS s FROM garages WHERE id = $1', [
        plan.garageId,
      ])
    ).rows[0]?.s;
    const expected = eventStatusOf(stripeStatus);
    const line = `${plan.subscriptionId} (${plan.steps.join(' -> ')}): Stripe ${stripeStatus}, billing ${billing}, records ${records}, garages ${garages}`;
    if (billing !== stripeStatus || records !== expected || garages !== expected)
      failures.push(`not at the newest state: ${line}`);
  }
  return failures;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------------------------
// The run.

async function recreate(service: ServiceName): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS sh_${service}${SUFFIX} WITH (FORCE)`);
  await admin.end();
}

async function createGarages(): Promise<Garage[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const garages: Garage[] = [];
  for (let index = 0; index < GARAGES; index += 1) {
    const email = `chaos.garage.${index}@example.co.uk`;
    const { rows } = await pools.identity.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, role, email_confirmed_at) VALUES ($1, $2, 'garage', now()) RETURNING id`,
      [email, passwordHash],
    );
    const id = rows[0]!.id;
    await pools.records.query(
      'INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)',
      [id, `Chaos Garage ${index} Ltd`, `${index} Mill Lane, Leeds, LS2 7AB`, email],
    );
    await pools.records.query(
      `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, 'active', true, 1)`,
      [id],
    );
    await pools.records.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [id]);
    garages.push({ index, id, email, token: '', next: 0 });
  }
  return garages;
}

async function main(): Promise<number> {
  if (IS_OWN_REDIS) {
    startRedisSync();
    if (!redisAnswers()) {
      console.error(`The run's own Redis did not start on port ${REDIS_PORT}`);
      return 1;
    }
  }
  const problems = await checkInfrastructure(POSTGRES_URL, REDIS_URL);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    return 1;
  }
  const startedAt = Date.now();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const log = createWriteStream(path.join(RESULTS_DIR, 'chaos-services.log'));

  console.log('Fresh *_chaos databases with the demo data, and 6 garages with passwords and active entitlements...');
  for (const service of SERVICE_NAMES) await recreate(service);
  rmSync(path.join(ROOT, '.data', `stripe-double-${SUFFIX.slice(1)}.json`), { force: true });
  await prepareDatabases(POSTGRES_URL, SUFFIX, SERVICE_NAMES);
  await seedDemoData(POSTGRES_URL, SUFFIX, SERVICE_NAMES);
  const garages = await createGarages();

  // Every service and double of this checkout, whatever SH_SERVICES or SH_DOUBLES say in the caller's shell.
  delete process.env.SH_SERVICES;
  delete process.env.SH_DOUBLES;
  const stack = await startStack({
    ports: PORTS,
    postgresUrl: POSTGRES_URL,
    redisUrl: REDIS_URL,
    databaseSuffix: SUFFIX,
    redisKeyPrefix: PREFIX,
    logLevel: 'warn',
    gatewayHost: '127.0.0.1',
    // A checkpoint every second (30 s by default), so that the receipt mails waiting for one settle within seconds.
    env: {
      RATE_LIMIT_API_PER_MINUTE: '100000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
      RATE_LIMIT_LOOKUP_PER_MINUTE: '100000000',
      LOG_CHECKPOINT_INTERVAL_MS: '1000',
    },
    onOutput: (name, line) => log.write(`${new Date().toISOString()} [${name}] ${line}\n`),
  });
  console.log(
    `Platform up at ${stack.urls.gateway} (services: ${stack.services.join(', ')}), ${((Date.now() - startedAt) / 1000).toFixed(0)} s`,
  );
  const gateway = `http://127.0.0.1:${PORTS.gateway}`;
  const lookupRegistrations = [
    ...seedVehicles()
      .slice(0, 200)
      .map((v) => v.registration),
    ...Array.from({ length: SHARED_REGISTRATIONS }, (_, n) => registrationFor(0, n)),
    'ZZ99ZZZ',
  ];

  const rows: Row[] = [];
  const phases: Phase[] = [];
  let exitCode = 0;
  try {
    for (const garage of garages) {
      const answer = await postJson(`${gateway}/api/v1/auth/login`, { email: garage.email, password: PASSWORD });
      garage.token = (answer.json as { data: { session: { access_token: string } } }).data.session.access_token;
    }

    /** Runs the load around one fault, stops it, lets the platform settle and compares. */
    const runFault = async (
      name: string,
      fault: (phase: Phase) => Promise<{ failures?: string[]; duplicates?: number; notes?: string[] } | void>,
      after?: () => Promise<string[]>,
    ) => {
      const phase = newPhase(name);
      phases.push(phase);
      console.log(`\n-- ${name}`);
      const load = new Load(gateway, garages, lookupRegistrations, phase);
      let outcome: { failures?: string[]; duplicates?: number; notes?: string[] } | void;
      try {
        await sleep(4000);
        outcome = await fault(phase);
        await sleep(5000);
      } finally {
        const stopping = Date.now();
        await load.stop();
        phase.drainSeconds = (Date.now() - stopping) / 1000;
      }
      const settled = await settle(stack, phase);
      const failures = [...(outcome?.failures ?? []), ...(after ? await after() : [])];
      phase.notes.push(...(outcome?.notes ?? []));
      const row = await compare(phase, garages, settled, { failures, duplicates: outcome?.duplicates });
      rows.push(row);
      printRow(row, phase);
    };

    if (FAULTS.has('baseline')) {
      await runFault('baseline (no fault)', async () => {
        await sleep(6000);
      });
    }

    for (const name of FAULTS.has('kills') ? [...stack.services, 'gateway'] : []) {
      await runFault(`${name} SIGKILLed, restarted after ${KILL_DOWN_MS / 1000} s`, async (phase) => {
        const started = Date.now();
        await stack.restart!(name, KILL_DOWN_MS);
        phase.notes.push(
          `${name} answered /readyz again ${((Date.now() - started) / 1000).toFixed(1)} s after the kill`,
        );
      });
    }

    if (FAULTS.has('redis'))
      await runFault(`Redis stopped for ${REDIS_DOWN_MS / 1000} s`, async (phase) => {
        isRedisStopped = true;
        execFileSync('redis-cli', ['-p', REDIS_PORT, 'shutdown', 'nosave'], { stdio: 'ignore' });
        isInRedisOutage = true;
        try {
          await sleep(REDIS_DOWN_MS);
        } finally {
          isInRedisOutage = false;
          startRedisSync();
        }
        const sorted = [...phase.outageLookupMs].sort((a, b) => a - b);
        const p99 = sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
        const acknowledgedInOutage = submits.filter((s) => s.phase === phase.name && s.isAcknowledgedInOutage).length;
        phase.notes.push(
          `during the outage: lookups answered ${phase.outageLookupAnswers}/${phase.outageLookups} (p99 ${p99.toFixed(0)} ms); ` +
            `${phase.outageSubmitAttempts} submit attempts sent and answered within it, ${acknowledgedInOutage} answered 201`,
        );
        const failures: string[] = [];
        if (phase.outageLookups === 0 || phase.outageLookupAnswers < phase.outageLookups) {
          failures.push(
            `lookups did not all answer through the Redis outage: ${phase.outageLookupAnswers}/${phase.outageLookups}`,
          );
        }
        return { failures };
      });

    if (FAULTS.has('postgres'))
      await runFault('Postgres restarted', async (phase) => {
        const started = Date.now();
        try {
          await execFileAsync('pg_ctlcluster', ['--skip-systemctl-redirect', PG_VERSION, 'main', 'restart']);
        } finally {
          spawnSync('bash', [START_DATABASES_SCRIPT, '--postgres'], { cwd: ROOT, stdio: 'ignore' });
        }
        phase.notes.push(`pg_ctlcluster restart took ${((Date.now() - started) / 1000).toFixed(1)} s`);
      });

    if (FAULTS.has('stripe'))
      await runFault(
        'Stripe webhooks replayed duplicated and newest first',
        async () => stripeFault(stack.urls.stripeDouble),
        () => checkStripeStates(stack.urls.stripeDouble),
      );

    // The chains of every registration the run touched still verify.
    const touched = [...new Set(submits.filter((s) => s.isAcknowledged).map((s) => s.registration))];
    let intact = 0;
    for (const registration of touched) {
      const answer = await call(`${gateway}/api/v1/service-records/verify/${registration}`);
      if ((answer.json as { data?: { valid?: boolean } } | null)?.data?.valid) intact += 1;
    }
    console.log(`\nChains that verify: ${intact} of ${touched.length} touched registrations`);
    if (intact !== touched.length) exitCode = 1;

    const minutes = (Date.now() - startedAt) / 60_000;
    console.log(
      `\n| fault | requests | 5xx | network errors | lookups answered | records acknowledged | stored | lost | events emitted | deliveries consumed | receipt mails | duplicates | settled in |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.fault} | ${r.requests} | ${r.serverErrors} | ${r.networkErrors} | ${r.lookups} | ${r.acknowledged} | ${r.stored} | ${r.lost} | ${r.eventsEmitted} | ${r.deliveriesConsumed}/${r.deliveriesOwed} | ${r.receiptMails} | ${r.duplicates} | ${r.settleSeconds.toFixed(0)} s |`,
      );
    }
    const failed = rows.filter((r) => !r.ok);
    console.log(
      `\n${failed.length === 0 ? 'ok' : 'FAILED'}: ${rows.length - failed.length} of ${rows.length} faults clean; ${minutes.toFixed(1)} min in all`,
    );
    for (const r of failed)
      for (const note of r.notes.filter((n) => n.startsWith('FAIL'))) console.log(`  ${r.fault}: ${note}`);
    if (failed.length > 0) exitCode = 1;
    writeFileSync(
      path.join(RESULTS_DIR, 'chaos.json'),
      JSON.stringify(
        { at: new Date().toISOString(), minutes, chainsVerified: { intact, touched: touched.length }, rows, phases },
        null,
        2,
      ),
    );
  } finally {
    if (isRedisStopped) startRedisSync();
    await stack.stop();
    log.end();
    await Promise.all(Object.values(pools).map((pool) => pool.end().catch(() => undefined)));
  }
  return exitCode;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error);
} finally {
  if (isRedisStopped) startRedisSync();
}
process.exit(code);

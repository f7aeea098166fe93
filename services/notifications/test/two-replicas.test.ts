/**
 * Two replicas each of records and notifications on one Postgres and one Redis, under a write load: nothing doubled or
 * lost, and each start-up and scheduled job done once across them (docs/deployment.md#replicas).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Queue } from 'bullmq';
import { ZCreateServiceRecordResponseSchema, ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { migrationsOf } from '@sh/shared/launcher';
import { createRedis, signAccessToken } from '@sh/shared/server';
import { callJson, createIdentityUser, TEST_KEY_PAIR, TEST_REDIS_URL, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKPOINT_INTERVAL_MS,
  REMINDER_INTERVAL_MS,
  REPLICAS_INTERNAL_TOKEN,
  startTwoReplicas,
  type TwoReplicas,
} from './two-replicas-stack.js';

/** Vehicles with records from before the replicas started: both replicas' prewarm walks them. */
const SEEDED_VEHICLES = 3000;
const GARAGES = 4;
/** Each garage logs a service for this many vehicles, each vehicle hearing from as many garages, at once. */
const RECORDS_PER_GARAGE = 4;
const DUE_REMINDERS = 5;

const run = randomBytes(2)
  .toString('hex')
  .toUpperCase()
  .replace(/[^A-HJ-NPR-Z]/g, 'X');
const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** A UK registration of this run's own for vehicle `n`. */
const registrationOf = (n: number) => `R${letters[n % 23]}${10 + (n % 80)}${run.slice(0, 2)}${letters[(n * 7) % 23]}`;

async function seedVehicles(db: TestDatabase): Promise<void> {
  const garageId = randomUUID();
  await db.pool.query('INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)', [
    garageId,
    'Seeded Motors',
    '1 Mill Lane, York, YO1 7HH',
    'seeded@garage.test',
  ]);
  await db.pool.query(
    `INSERT INTO service_records (garage_id, vin, vehicle_registration, service_date, mileage, service_type)
     SELECT $1, 'WVWZZZ1JZXW000001', 'SEED' || lpad(n::text, 5, '0'), '2024-05-01', 40000, 'Full Service'
       FROM generate_series(1, $2) AS n`,
    [garageId, SEEDED_VEHICLES],
  );
}

interface Garage {
  id: string;
  email: string;
  password: string;
  token: string;
}

async function buildGarage(stack: TwoReplicas, n: number): Promise<Garage> {
  const user = await createIdentityUser(stack.identity.url, REPLICAS_INTERNAL_TOKEN, {
    email: `garage${n}.${run.toLowerCase()}.${randomBytes(3).toString('hex')}@hartley-motors.co.uk`,
  });
  const db = stack.recordsDb.pool;
  await db.query('INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)', [
    user.id,
    `Hartley Motors ${n}`,
    '12 Station Road, Leeds, LS1 4AB',
    user.email,
  ]);
  await db.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [user.id]);
  await db.query(
    `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, 'active', true, 1)`,
    [user.id],
  );
  const token = signAccessToken(TEST_KEY_PAIR.privateKey, { sub: user.id, role: 'garage', email: user.email });
  return { id: user.id, email: user.email, password: user.password, token };
}

const waitUntil = async (what: string, isDone: () => Promise<boolean> | boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await isDone())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const linesSaying = (lines: string[], message: string) =>
  lines.filter((line) => line.includes(`"msg":${JSON.stringify(message)}`)).map((line) => JSON.parse(line) as object);

let stack: TwoReplicas;
let garages: Garage[];
/** Each record acknowledged (201): its id, vehicle, garage, customer and leaf index. */
const acknowledged: Array<{ id: string; registration: string; garage: Garage; customer: string; leaf: number }> = [];
const reminderCustomers = Array.from(
  { length: DUE_REMINDERS },
  (_, i) => `reminded${i}.${run.toLowerCase()}@example.com`,
);
let startedAt = 0;

beforeAll(async () => {
  startedAt = Date.now();
  stack = await startTwoReplicas(seedVehicles);
  garages = await Promise.all(Array.from({ length: GARAGES }, (_, n) => buildGarage(stack, n)));
  // Reminders due since June 2025, as notifications keeps them once a customer opted in: the scheduled scan mails each.
  for (const [i, customer] of reminderCustomers.entries()) {
    await stack.notificationsDb.pool.query(
      `INSERT INTO reminders (garage_id, garage_name, registration, customer_email, service_date, due_date, due_from)
       VALUES ($1, 'Hartley Motors 0', $2, $3, '2024-06-01', '2025-06-01', 'service')`,
      [garages[0]!.id, registrationOf(100 + i), customer],
    );
  }
  // Both records replicas have walked the seeded vehicles (or skipped the walk) before any write.
  await waitUntil('both prewarm passes', () =>
    stack.records.every(
      (replica) => linesSaying(replica.lines, "every vehicle's lookup answer is published").length > 0,
    ),
  );
  // Two waves, a checkpoint interval and more apart; in each, every garage logs at once, alternating replicas.
  for (const wave of [0, 1]) {
    await Promise.all(
      garages.flatMap((garage, g) =>
        Array.from({ length: RECORDS_PER_GARAGE / 2 }, async (_, k) => {
          const slot = wave * (RECORDS_PER_GARAGE / 2) + k;
          const registration = registrationOf((g + slot) % GARAGES);
          const customer = `owner.g${g}.s${slot}.${run.toLowerCase()}@example.com`;
          const replica = stack.records[(g + slot) % 2]!;
          const answer = await callJson(replica.url, 'POST', '/api/v1/service-records', {
            token: garage.token,
            body: {
              vin: 'WVWZZZ1JZXW000001',
              vehicle_registration: registration,
              mileage: 40_000 + slot,
              service_type: 'Full Service, Oil & Filter Change',
              notes: 'Logged under load',
              technician_name: 'Sam Patel',
              customer_email: customer,
              customer_phone: null,
              vehicleCheck: true,
              full_name: 'Sam Patel',
              password: garage.password,
            },
          });
          if (answer.status !== 201)
            throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
          const { serviceRecord, receipt } = ZCreateServiceRecordResponseSchema.parse(answer.body).data;
          acknowledged.push({ id: serviceRecord.id, registration, garage, customer, leaf: receipt.leaf_index! });
        }),
      ),
    );
    if (wave === 0) await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS * 1.5));
  }
  const expectedMails = 2 * acknowledged.length + DUE_REMINDERS;
  await waitUntil('every mail', () => stack.smtp.mails.length >= expectedMails, 40_000);
  // A while more, for anything sent twice to arrive, and a few more reminder scans to run.
  await new Promise((resolve) => setTimeout(resolve, 2 * Math.max(CHECKPOINT_INTERVAL_MS, REMINDER_INTERVAL_MS)));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('two replicas each of records and notifications', () => {
  it('both applied notifications’ migrations as they started together: each once, all of them', async () => {
    const files = readdirSync(migrationsOf('notifications')).filter((file) => file.endsWith('.sql'));
    const { rows } = await stack.notificationsDb.pool.query<{ name: string }>('SELECT name FROM schema_migrations');
    const names = rows.map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => !name.includes('_kit_')).sort()).toEqual(files.sort());
    // Whichever took the lock first applied them; the other found them applied.
    const applied = stack.notifications.flatMap((replica) => linesSaying(replica.lines, 'migration applied'));
    expect(applied).toHaveLength(files.length);
  });

  it('walked the seeded vehicles once at start-up: each answer published by one replica', () => {
    const passes = stack.records.map((replica) =>
      linesSaying(replica.lines, "every vehicle's lookup answer is published").map(
        (line) => (line as { published: number }).published,
      ),
    );
    expect(passes.every((published) => published.length >= 1)).toBe(true);
    expect(passes.flat().reduce((sum, n) => sum + n, 0)).toBe(SEEDED_VEHICLES);
  });

  it('stored every acknowledged record once, signed with one key, in chains that verify and a log with one leaf each', async () => {
    expect(acknowledged).toHaveLength(GARAGES * RECORDS_PER_GARAGE);
    const { rows } = await stack.recordsDb.pool.query<{ id: string }>(
      "SELECT id FROM service_records WHERE vehicle_registration NOT LIKE 'SEED%'",
    );
    expect(rows.map((row) => row.id).sort()).toEqual(acknowledged.map((record) => record.id).sort());
    expect(acknowledged.map((record) => record.leaf).sort((a, b) => a - b)).toEqual(acknowledged.map((_, i) => i));
    // Both replicas started on a new database: one development key was made, and both sign with it.
    const keys = await stack.recordsDb.pool.query('SELECT key_id FROM signing_key_history');
    expect(keys.rows).toHaveLength(1);
    expect((await stack.recordsDb.pool.query('SELECT id FROM signing_keys')).rows).toHaveLength(1);
    for (const registration of new Set(acknowledged.map((record) => record.registration))) {
      const replica = stack.records[registration.charCodeAt(1) % 2]!;
      const verified = ZVerifyChainResponseSchema.parse(
        (await callJson(replica.url, 'GET', `/api/v1/service-records/verify/${registration}`)).body,
      ).data;
      expect(verified, registration).toMatchObject({ valid: true, brokenAt: null });
      expect(verified.length).toBe(acknowledged.filter((record) => record.registration === registration).length);
    }
  });

  it('signed checkpoints an interval apart across both replicas, each announced once and heard once', async () => {
    const { rows } = await stack.recordsDb.pool.query<{ tree_size: number; issued_at: Date }>(
      'SELECT tree_size, issued_at FROM log_checkpoints ORDER BY tree_size',
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.at(-1)!.tree_size).toBe(acknowledged.length);
    for (const [i, row] of rows.entries()) {
      if (i === 0) continue;
      const gap = row.issued_at.getTime() - rows[i - 1]!.issued_at.getTime();
      expect(gap, `checkpoint ${row.tree_size}`).toBeGreaterThanOrEqual(CHECKPOINT_INTERVAL_MS * 0.95);
    }
    const announced = await stack.recordsDb.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM event_outbox WHERE name = 'transparency_log.checkpoint_issued'",
    );
    expect(announced.rows[0]!.n).toBe(rows.length);
    const heard = await stack.notificationsDb.pool.query<{ tree_size: number }>(
      'SELECT tree_size FROM log_checkpoints ORDER BY tree_size',
    );
    expect(heard.rows.map((row) => Number(row.tree_size))).toEqual(rows.map((row) => Number(row.tree_size)));
  });

  it("mailed each record's receipt and customer notice once, and each reminder due once", async () => {
    const mailsTo = (address: string) => stack.smtp.mailsTo(address);
    for (const garage of garages) {
      const receipts = mailsTo(garage.email);
      expect(receipts, garage.email).toHaveLength(RECORDS_PER_GARAGE);
      const registrations = acknowledged.filter((r) => r.garage === garage).map((r) => r.registration);
      for (const registration of registrations)
        expect(
          receipts.filter((mail) => (mail.text ?? '').includes(registration)),
          registration,
        ).toHaveLength(1);
    }
    for (const record of acknowledged) expect(mailsTo(record.customer), record.customer).toHaveLength(1);
    for (const customer of reminderCustomers) expect(mailsTo(customer), customer).toHaveLength(1);
    expect(stack.smtp.mails).toHaveLength(2 * acknowledged.length + DUE_REMINDERS);
    const { rows } = await stack.notificationsDb.pool.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM mail_queue GROUP BY status',
    );
    expect(rows).toEqual([{ status: 'sent', n: 2 * acknowledged.length + DUE_REMINDERS }]);
  });

  it('ran the reminders job once per due time across both replicas', async () => {
    const connection = createRedis(TEST_REDIS_URL);
    const queue = new Queue('reminders.notifications', { connection, prefix: stack.prefix });
    try {
      const runs = await queue.getJobs(['completed'], 0, -1);
      // Each run is the scheduler's job for one time slot: `repeat:<scheduler>:<its time>`.
      const times = runs.map((job) => Number(String(job.id).split(':').at(-1))).sort((a, b) => a - b);
      expect(times.length).toBeGreaterThanOrEqual(3);
      expect(new Set(runs.map((job) => job.id)).size).toBe(runs.length);
      for (const [i, time] of times.entries())
        if (i > 0) expect(time - times[i - 1]!, `run at ${time}`).toBeGreaterThanOrEqual(REMINDER_INTERVAL_MS);
      // No more runs than time slots since the replicas started: two schedulers would have made about twice as many.
      expect(times.length).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / REMINDER_INTERVAL_MS) + 1);
    } finally {
      await queue.close();
      connection.disconnect();
    }
    const sends = await stack.notificationsDb.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reminder_sends',
    );
    expect(sends.rows[0]!.n).toBe(DUE_REMINDERS);
  });
});

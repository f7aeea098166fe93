/**
 * Demo data for a development machine, read from data/seed/*.json and written into each service's own database
 * after its migrations: straight in, except the service records, which go through the records service's own write
 * path so that each is sealed in its vehicle's chain and the transparency log. Every insert is keyed on the data's
 * fixed ids, so running it again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  createLogger,
  createPool,
  ensureDatabase,
  migrate,
  pemText,
  withTransaction,
  type Queryable,
} from '@sh/shared/server';
import { seedSubscriptionsFor } from '../doubles/src/stripe/seed-subscriptions.js';
import { hashPassword } from '../services/identity/src/domain/passwords.js';
import { sealRecord } from '../services/records/src/domain/seal-record.js';
import { loadReceiptSigner } from '../services/records/src/domain/signing-key.js';
import { insertServiceRecord } from '../services/records/src/store/insert-service-record.js';
import { lockVehicleChain } from '../services/records/src/store/lock-vehicle-chain.js';
import type { ServiceRecordWithContactRow } from '../services/records/src/store/service-record-row.js';
import { availableServices, databaseUrl, ROOT, type ServiceName } from './stack.js';
import {
  seedAccounts,
  seedGarages,
  seedVehicles,
  type SeedGarage,
  type SeedRecord,
  type SeedVehicle,
} from './seed-data.js';

export { seedAccounts, seedGarages, seedVehicles, type SeedAccounts } from './seed-data.js';

/** Creates each service's database if needed and applies its migrations. */
export async function prepareDatabases(
  postgresUrl: string,
  suffix: string,
  services = availableServices(),
): Promise<void> {
  for (const service of services) {
    const url = databaseUrl(postgresUrl, `sh_${service}${suffix}`);
    await ensureDatabase(url);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      await migrate(pool, path.join(ROOT, 'services', service, 'migrations'));
    } finally {
      await pool.end();
    }
  }
}

type Seeder = (client: pg.ClientBase) => Promise<string>;

/**
 * The demo garages' e-mails as confirmed, in a service's email_confirmations read model (what user.email_confirmed
 * would have filled): seeded garages are confirmed accounts, so they may check out and add records.
 */
async function seedEmailConfirmations(client: pg.ClientBase, garages: readonly SeedGarage[]): Promise<void> {
  await client.query(
    `INSERT INTO email_confirmations (user_id, confirmed_at)
     SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) ON CONFLICT (user_id) DO NOTHING`,
    [garages.map((g) => g.id), garages.map((g) => g.created_at)],
  );
}

/**
 * Billing's rows for the demo garages' seeded Stripe customers and subscriptions: the very ones the Stripe
 * double creates at start from the same data (doubles/src/stripe/seed-subscriptions.ts). state_at 0 lets
 * any snapshot billing later reads from Stripe win. A garage that already has a customer of its own (it went
 * through checkout) keeps it and gets no seeded subscription. Every demo garage's e-mail counts as confirmed.
 * Running it again changes nothing.
 */
export async function seedBilling(
  client: pg.ClientBase,
  garages: readonly SeedGarage[],
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  await seedEmailConfirmations(client, garages);
  let customers = 0;
  let subscriptions = 0;
  for (const seed of seedSubscriptionsFor(garages, now)) {
    const customer = await client.query(
      `INSERT INTO billing_customers (garage_id, stripe_customer_id, email, created_at)
       VALUES ($1, $2, $3, to_timestamp($4)) ON CONFLICT DO NOTHING`,
      [seed.garageId, seed.customerId, seed.email, seed.created],
    );
    customers += customer.rowCount ?? 0;
    const subscription = await client.query(
      `INSERT INTO subscriptions (subscription_id, garage_id, customer_id, status, price_id, current_period_start,
                                  current_period_end, trial_end, cancel_at_period_end, payment_method_brand,
                                  payment_method_last4, state_at, created_at, updated_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, to_timestamp($12), to_timestamp($12)
        WHERE EXISTS (SELECT 1 FROM billing_customers WHERE garage_id = $2 AND stripe_customer_id = $3)
       ON CONFLICT DO NOTHING`,
      [
        seed.subscriptionId,
        seed.garageId,
        seed.customerId,
        seed.status,
        seed.priceId,
        seed.currentPeriodStart,
        seed.currentPeriodEnd,
        seed.trialEnd,
        seed.cancelAtPeriodEnd,
        seed.card.brand,
        seed.card.last4,
        seed.created,
      ],
    );
    subscriptions += subscription.rowCount ?? 0;
  }
  return `${customers} new billing customers, ${subscriptions} new subscriptions`;
}

interface SeedCompany {
  company_number: string;
  company_name: string;
}

const seedCompanies = (): SeedCompany[] =>
  JSON.parse(readFileSync(path.join(ROOT, 'data/companies-house/companies.json'), 'utf8')) as SeedCompany[];

const SEEDERS: Partial<Record<ServiceName, Seeder>> = {
  identity: async (client) => {
    // One confirmed garage user per seeded garage (a garage's id is its user's id). Only the demo garage
    // gets a password anyone knows; the others get a random one, to be reset through the real flow.
    const accounts = seedAccounts();
    const garages = seedGarages();
    // Hash only for users not there yet: argon2 is deliberately slow, and every `npm start` runs the seed.
    const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[])', [
      garages.map((g) => g.id),
    ]);
    const existing = new Set(rows.map((row) => row.id));
    let created = 0;
    for (const garage of garages.filter((g) => !existing.has(g.id))) {
      const password =
        garage.id === accounts.garage.garage_id ? accounts.garage.password : randomBytes(24).toString('base64url');
      const { rowCount } = await client.query(
        `INSERT INTO users (id, email, password_hash, role, email_confirmed_at, created_at)
         VALUES ($1, $2, $3, 'garage', $4, $4) ON CONFLICT DO NOTHING`,
        [garage.id, garage.email, await hashPassword(password), garage.created_at],
      );
      created += rowCount ?? 0;
    }
    return `${created} new garage users`;
  },
  garages: async (client) => {
    const companies = new Map(seedCompanies().map((c) => [c.company_number, c.company_name]));
    const garages = seedGarages().sort((a, b) => a.created_at.localeCompare(b.created_at));
    let created = 0;
    for (const g of garages) {
      const { rowCount } = await client.query(
        `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code,
                              referred_by, subscription_status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING`,
        [
          g.id,
          g.name,
          companies.get(g.companies_house_number) ?? g.name.toUpperCase(),
          g.companies_house_number,
          g.email,
          g.phone,
          g.address,
          g.full_name,
          g.referral_code,
          g.referred_by,
          g.subscription_status,
          g.created_at,
        ],
      );
      created += rowCount ?? 0;
    }
    await seedEmailConfirmations(client, garages);
    return `${created} new garages`;
  },
  records: async (client) => {
    const garages = seedGarages();
    await client.query(
      `INSERT INTO garage_directory (garage_id, name, address, email)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) ON CONFLICT (garage_id) DO NOTHING`,
      [
        garages.map((g) => g.id),
        garages.map((g) => g.name),
        garages.map((g) => g.address),
        garages.map((g) => g.email),
      ],
    );
    await seedEmailConfirmations(client, garages);
    await client.query(
      `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at)
       SELECT id, status, status IN ('active', 'trialing'), 0 FROM unnest($1::uuid[], $2::text[]) AS t(id, status)
       ON CONFLICT (garage_id) DO NOTHING`,
      [garages.map((g) => g.id), garages.map((g) => g.subscription_status)],
    );
    // Its records are stored and sealed once this commits (SEEDERS_AFTER_COMMIT).
    return '';
  },
  billing: (client) => seedBilling(client, seedGarages()),
};

/** How the demo data is seeded. */
export interface SeedOptions {
  /**
   * The key the records service is started with (RECORDS_SIGNING_KEY), if any: the seed signs the demo records' receipts
   * with it. Without it, like the service, the seed signs with the development key kept in records' database.
   */
  recordsSigningKey?: string;
}

/** A seeded record as the records service stores it: entered at 17:00 UTC on its service day, signed by nobody. */
function serviceRecordOf(vehicle: SeedVehicle, record: SeedRecord): ServiceRecordWithContactRow {
  return {
    id: record.id,
    garage_id: record.garage_id,
    vin: vehicle.vin,
    vehicle_registration: vehicle.registration,
    service_date: record.service_date,
    mileage: record.mileage,
    service_type: record.service_type,
    notes: record.notes,
    technician_name: record.technician_name,
    signed_by: null,
    customer_email: record.customer_email,
    customer_phone: record.customer_phone,
    created_at: new Date(`${record.service_date}T17:00:00.000Z`),
  };
}

/**
 * The demo service records, stored as the records service stores a garage's record (domain/create-service-record.ts)
 * and with its own code: vehicle by vehicle, one transaction each that locks the vehicle's chain, stores its records
 * not stored yet and seals each, in order of entry, in its chain and the transparency log, signed with the service's
 * receipt key. A record already stored is left as it is, so a second run seals nothing twice. It needs records'
 * migrations (prepareDatabases), the log's tables among them, and runs before the service starts; records itself
 * chains nothing at start-up, so this is how the demo records get their entries.
 */
async function seedServiceRecords(url: string, options: SeedOptions): Promise<string> {
  const vehicles = seedVehicles();
  const inData = vehicles.reduce((count, vehicle) => count + vehicle.records.length, 0);
  const pool = createPool(url, 2);
  try {
    const storedIds = async (db: Queryable, ids: string[]) =>
      new Set(
        (await db.query<{ id: string }>('SELECT id FROM service_records WHERE id = ANY($1::uuid[])', [ids])).rows.map(
          (row) => row.id,
        ),
      );
    const stored = await storedIds(
      pool,
      vehicles.flatMap((vehicle) => vehicle.records.map((record) => record.id)),
    );
    const unstored = vehicles.filter((vehicle) => vehicle.records.some((record) => !stored.has(record.id)));
    if (unstored.length === 0) return `0 new service records (${inData} in the data)`;
    const logger = createLogger('seed', 'warn');
    const signingKey = options.recordsSigningKey ? pemText.parse(options.recordsSigningKey) : undefined;
    const signer = await loadReceiptSigner(pool, signingKey, logger);
    let sealed = 0;
    try {
      for (const vehicle of unstored) {
        sealed += await withTransaction(pool, async (client) => {
          let head = await lockVehicleChain(client, vehicle.registration);
          // Read again under the chain's lock: what a seed running at the same time stored is not stored twice.
          const present = await storedIds(
            client,
            vehicle.records.map((record) => record.id),
          );
          const records = vehicle.records
            .filter((record) => !present.has(record.id))
            .map((record) => serviceRecordOf(vehicle, record))
            .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
          for (const record of records) {
            await insertServiceRecord(client, record);
            const receipt = await sealRecord(client, signer, record, head, new Date());
            head = { length: receipt.position, headHash: receipt.hash };
          }
          return records.length;
        });
      }
    } finally {
      await signer.close();
    }
    return `${sealed} new service records, each sealed in its chain and the log (${inData} in the data)`;
  } finally {
    await pool.end();
  }
}

/**
 * What a service's seed does once its transaction committed, in transactions of its own: records stores and seals
 * its demo records vehicle by vehicle, as its write path does.
 */
const SEEDERS_AFTER_COMMIT: Partial<Record<ServiceName, (url: string, options: SeedOptions) => Promise<string>>> = {
  records: seedServiceRecords,
};

/** Seeds every available service that has a seeder; returns one line per service. */
export async function seedDemoData(
  postgresUrl: string,
  suffix: string,
  services = availableServices(),
  options: SeedOptions = {},
): Promise<string[]> {
  const lines: string[] = [];
  for (const service of services) {
    const seeder = SEEDERS[service];
    if (!seeder) continue;
    const url = databaseUrl(postgresUrl, `sh_${service}${suffix}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const done: string[] = [];
    try {
      await client.query('BEGIN');
      done.push(await seeder(client));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
    const after = SEEDERS_AFTER_COMMIT[service];
    if (after) done.push(await after(url, options));
    lines.push(`${service}: ${done.filter(Boolean).join(', ')}`);
  }
  return lines;
}

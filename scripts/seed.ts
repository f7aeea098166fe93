/**
 * Demo data for a development machine, read from data/seed/*.json and written straight into each
 * service's own database after its migrations. Every insert is keyed on the data's fixed ids, so running
 * it again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, migrate } from '@sh/shared/server';
import { seedSubscriptionsFor } from '../doubles/src/stripe/seed-subscriptions.js';
import { hashPassword } from '../services/identity/src/domain/passwords.js';
import { availableServices, databaseUrl, ROOT, type ServiceName } from './stack.js';
import { seedAccounts, seedGarages, seedVehicles, type SeedGarage } from './seed-data.js';

export { seedAccounts, seedGarages, seedVehicles, type SeedAccounts } from './seed-data.js';

/** Creates each service's database if needed and applies its migrations. */
export async function prepareDatabases(postgresUrl: string, suffix: string, services = availableServices()): Promise<void> {
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
export async function seedBilling(client: pg.ClientBase, garages: readonly SeedGarage[], now = Math.floor(Date.now() / 1000)): Promise<string> {
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
        seed.subscriptionId, seed.garageId, seed.customerId, seed.status, seed.priceId, seed.currentPeriodStart,
        seed.currentPeriodEnd, seed.trialEnd, seed.cancelAtPeriodEnd, seed.card.brand, seed.card.last4, seed.created,
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
    const { rows } = await client.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[])', [garages.map((g) => g.id)]);
    const existing = new Set(rows.map((row) => row.id));
    let created = 0;
    for (const garage of garages.filter((g) => !existing.has(g.id))) {
      const password = garage.id === accounts.garage.garage_id ? accounts.garage.password : randomBytes(24).toString('base64url');
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
          g.id, g.name, companies.get(g.companies_house_number) ?? g.name.toUpperCase(), g.companies_house_number, g.email, g.phone,
          g.address, g.full_name, g.referral_code, g.referred_by, g.subscription_status, g.created_at,
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
      [garages.map((g) => g.id), garages.map((g) => g.name), garages.map((g) => g.address), garages.map((g) => g.email)],
    );
    await seedEmailConfirmations(client, garages);
    await client.query(
      `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at)
       SELECT id, status, status IN ('active', 'trialing'), 0 FROM unnest($1::uuid[], $2::text[]) AS t(id, status)
       ON CONFLICT (garage_id) DO NOTHING`,
      [garages.map((g) => g.id), garages.map((g) => g.subscription_status)],
    );
    const rows = seedVehicles().flatMap((vehicle) => vehicle.records.map((record) => ({ vehicle, record })));
    const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick);
    const inserted = await client.query(
      `INSERT INTO service_records (id, garage_id, vin, vehicle_registration, service_date, mileage, service_type, notes,
                                    technician_name, customer_email, customer_phone, created_at)
       SELECT id, garage_id, vin, reg, service_date, mileage, service_type, notes, technician, email, phone,
              service_date::timestamp + interval '17 hours'
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::date[], $6::int[], $7::text[], $8::text[],
                     $9::text[], $10::text[], $11::text[])
           AS t(id, garage_id, vin, reg, service_date, mileage, service_type, notes, technician, email, phone)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        column((r) => r.record.id),
        column((r) => r.record.garage_id),
        column((r) => r.vehicle.vin),
        column((r) => r.vehicle.registration),
        column((r) => r.record.service_date),
        column((r) => r.record.mileage),
        column((r) => r.record.service_type),
        column((r) => r.record.notes),
        column((r) => r.record.technician_name),
        column((r) => r.record.customer_email),
        column((r) => r.record.customer_phone),
      ],
    );
    // New seeded records wait for the records service to chain them in their order of entry when it starts.
    await client.query('INSERT INTO records_awaiting_chain (record_id) SELECT unnest($1::uuid[]) ON CONFLICT DO NOTHING', [
      inserted.rows.map((row: { id: string }) => row.id),
    ]);
    return `${inserted.rowCount ?? 0} new service records (${rows.length} in the data)`;
  },
  billing: (client) => seedBilling(client, seedGarages()),
};

/** Seeds every available service that has a seeder; returns one line per service. */
export async function seedDemoData(postgresUrl: string, suffix: string, services = availableServices()): Promise<string[]> {
  const lines: string[] = [];
  for (const service of services) {
    const seeder = SEEDERS[service];
    if (!seeder) continue;
    const client = new pg.Client({ connectionString: databaseUrl(postgresUrl, `sh_${service}${suffix}`) });
    await client.connect();
    try {
      await client.query('BEGIN');
      lines.push(`${service}: ${await seeder(client)}`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
  }
  return lines;
}

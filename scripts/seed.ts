/**
 * Demo data for a development machine, read from data/seed/*.json and written into each service's own database
 * after its migrations: straight in, but for records, which seeds its own share (services/records/src/seed.ts, run
 * here as a process of its own) so that each service record is sealed in its vehicle's chain and the transparency log
 * by records' own write path. Every insert is keyed on the data's fixed ids, so running it again changes nothing.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, hashPassword, migrate, writeEvent } from '@sh/shared/server';
import { seedSubscriptionsFor } from '../doubles/src/stripe/seed-subscriptions.js';
import { availableServices, databaseUrl, ROOT, type ServiceName, migrationsOf } from '@sh/shared/launcher';
import { SEED_DIR, seedAccounts, seedGarages, type SeedGarage } from '@sh/shared/seed-data';

export { seedAccounts, seedGarages, seedVehicles, type SeedAccounts } from '@sh/shared/seed-data';

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
      await migrate(pool, migrationsOf(service));
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
      const { rows } = await client.query<{ slug: string }>(
        `INSERT INTO garages (id, name, company_name, companies_house_number, email, phone, address, full_name, referral_code,
                              referred_by, subscription_status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING RETURNING slug`,
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
      // Records' seed fills its directory without the slug garages gives (a trigger, on insert); the event tells it,
      // as a signup's garage.registered would (docs/product.md#garage-profiles).
      const slug = rows[0]?.slug;
      if (slug === undefined) continue;
      await writeEvent(client, 'garage.updated', {
        garageId: g.id,
        name: g.name,
        address: g.address,
        phone: g.phone,
        slug,
      });
      created += 1;
    }
    await seedEmailConfirmations(client, garages);
    return `${created} new garages`;
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

/** Records' own seed (it needs records' code: its chain, receipts and log), run as records' entry point. */
const RECORDS_SEED = path.join(ROOT, 'services/records/src/seed.ts');

/**
 * Runs records' seed on its database (migrated: prepareDatabases) before the service starts, signing with the key
 * records will sign with; answers the line it answers.
 */
function seedRecords(url: string, options: SeedOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = fork(RECORDS_SEED, [SEED_DIR], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATABASE_URL: url,
        LOG_LEVEL: 'warn',
        ...(options.recordsSigningKey ? { RECORDS_SIGNING_KEY: options.recordsSigningKey } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: string | undefined;
    child.on('message', (message) => (answer = String(message)));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && answer !== undefined) resolve(answer);
      else
        reject(
          new Error(`records' seed (${path.relative(ROOT, RECORDS_SEED)}) ended with ${signal ?? `exit code ${code}`}`),
        );
    });
  });
}

/** Seeds every available service that has demo data (records by its own seed); returns one line per service. */
export async function seedDemoData(
  postgresUrl: string,
  suffix: string,
  services = availableServices(),
  options: SeedOptions = {},
): Promise<string[]> {
  const lines: string[] = [];
  for (const service of services) {
    const url = databaseUrl(postgresUrl, `sh_${service}${suffix}`);
    if (service === 'records') {
      lines.push(`records: ${await seedRecords(url, options)}`);
      continue;
    }
    const seeder = SEEDERS[service];
    if (!seeder) continue;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let done: string;
    try {
      await client.query('BEGIN');
      done = await seeder(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
    lines.push(`${service}: ${done}`);
  }
  return lines;
}

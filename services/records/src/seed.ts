/**
 * Records' share of the demo data, seeded by records itself: `node --import tsx services/records/src/seed.ts [dir]`
 * reads the demo garages and vehicles from dir (data/seed by default; their format: packages/shared/src/seed-data.ts) and stores
 * them in records' database (DATABASE_URL, migrated), as `npm start` runs it before the service starts
 * (scripts/seed.ts). The garages' directory entries, confirmed e-mails and entitlements go straight in; the service
 * records go through records' own write path, vehicle by vehicle (domain/create-service-record.ts): one transaction
 * each that locks the vehicle's chain, stores its records not stored yet and seals each, in order of entry, in its
 * chain and the transparency log, signed with the service's receipt key (RECORDS_SIGNING_KEY, else the development
 * key kept in records' database, as the service loads it). Records itself chains nothing at start-up, so this is how
 * the demo records get their entries. Every insert is keyed on the data's fixed ids: a second run changes nothing.
 *
 * It answers one line, what it stored: to the process that forked it (process.send), else on stdout.
 */
import path from 'node:path';
import {
  createLogger,
  createPool,
  loadConfig,
  LOCAL_DATABASES,
  localDatabaseUrl,
  withTransaction,
  type Queryable,
} from '@sh/shared/server';
import {
  SEED_DIR,
  seedGarages as seedGarageList,
  seedVehicles,
  type SeedGarage,
  type SeedVehicle,
} from '@sh/shared/seed-data';
import { configShapeFor } from './config.js';
import { sealRecord } from './domain/seal-record.js';
import { loadReceiptSigner } from './domain/signing-key.js';
import { insertServiceRecord } from './store/insert-service-record.js';
import { lockVehicleChain } from './store/lock-vehicle-chain.js';
import type { ServiceRecordWithContactRow } from './store/service-record-row.js';

/** A seeded record as the records service stores it: entered at 17:00 UTC on its service day, signed by nobody. */
function serviceRecordOf(vehicle: SeedVehicle, record: SeedVehicle['records'][number]): ServiceRecordWithContactRow {
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
 * The demo garages in records' read models, in one transaction: their directory entries, their e-mails as confirmed
 * (what user.email_confirmed would have filled: seeded garages may add records) and their entitlements (state_at 0,
 * so that any subscription.changed event wins).
 */
async function seedGarages(pool: ReturnType<typeof createPool>, garages: readonly SeedGarage[]): Promise<void> {
  await withTransaction(pool, async (client) => {
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
    await client.query(
      `INSERT INTO email_confirmations (user_id, confirmed_at)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) ON CONFLICT (user_id) DO NOTHING`,
      [garages.map((g) => g.id), garages.map((g) => g.created_at)],
    );
    await client.query(
      `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at)
       SELECT id, status, status IN ('active', 'trialing'), 0 FROM unnest($1::uuid[], $2::text[]) AS t(id, status)
       ON CONFLICT (garage_id) DO NOTHING`,
      [garages.map((g) => g.id), garages.map((g) => g.subscription_status)],
    );
  });
}

/** The demo service records not stored yet, stored and sealed vehicle by vehicle; answers what it did. */
async function seedServiceRecords(
  pool: ReturnType<typeof createPool>,
  vehicles: readonly SeedVehicle[],
  signingKey: string | undefined,
): Promise<string> {
  const inData = vehicles.reduce((count, vehicle) => count + vehicle.records.length, 0);
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
  const signer = await loadReceiptSigner(pool, signingKey, createLogger('records-seed', 'warn'));
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
}

// Demo data: read with development's rules (the receipt key optional, as records' own development start has it).
const shape = configShapeFor({ NODE_ENV: 'development' });
const config = loadConfig(
  'records-seed',
  { DATABASE_URL: shape.DATABASE_URL, RECORDS_SIGNING_KEY: shape.RECORDS_SIGNING_KEY },
  { DATABASE_URL: localDatabaseUrl(LOCAL_DATABASES.records) },
);
const dataDir = path.resolve(process.argv[2] ?? SEED_DIR);

const pool = createPool(config.DATABASE_URL, 2);
try {
  await seedGarages(pool, seedGarageList(dataDir));
  const done = await seedServiceRecords(pool, seedVehicles(dataDir), config.RECORDS_SIGNING_KEY);
  if (process.send) {
    await new Promise<void>((resolve) => process.send!(done, () => resolve()));
    process.disconnect();
  } else console.log(done);
} finally {
  await pool.end();
}

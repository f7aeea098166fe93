import { generateKeyPairSync } from 'node:crypto';
import { createTestDatabase, TEST_POSTGRES_URL, testLogger, type TestDatabase } from '@sh/shared/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemoData, seedVehicles } from '../../../scripts/seed.js';
import { loadReceiptSigner, signerFromPrivateKey } from '../src/domain/signing-key.js';
import { verifyVehicleChain } from '../src/domain/verify-vehicle-chain.js';
import { RECORDS_MIGRATIONS } from './harness.js';

const VEHICLES = seedVehicles();
const RECORDS = VEHICLES.reduce((count, vehicle) => count + vehicle.records.length, 0);

const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.drop();
});

/** A fresh records database, migrated as prepareDatabases leaves it, and the suffix seedDemoData names it by. */
async function freshRecordsDatabase(): Promise<{ db: TestDatabase; suffix: string }> {
  const db = await createTestDatabase('records', RECORDS_MIGRATIONS);
  databases.push(db);
  return { db, suffix: new URL(db.url).pathname.slice(1).replace(/^sh_records/, '') };
}

/** How many records, chain entries and log leaves the database holds, and the key ids that signed the entries. */
async function countsOf(db: TestDatabase) {
  const { rows } = await db.pool.query<{ records: number; entries: number; leaves: number; keys: string[] }>(
    `SELECT (SELECT count(*)::int FROM service_records) AS records, (SELECT count(*)::int FROM chain_entries) AS entries,
            (SELECT count(*)::int FROM log_leaves) AS leaves, (SELECT array_agg(DISTINCT key_id) FROM chain_entries) AS keys`,
  );
  return rows[0]!;
}

describe("the demo seed's service records", () => {
  it('are each sealed in their chain and the log with the development key the service loads, and verify; a second run seals nothing', async () => {
    const { db, suffix } = await freshRecordsDatabase();
    expect(await seedDemoData(TEST_POSTGRES_URL, suffix, ['records'])).toEqual([
      `records: ${RECORDS} new service records, each sealed in its chain and the log (${RECORDS} in the data)`,
    ]);
    // The key records loads when it starts without RECORDS_SIGNING_KEY: the development key the seed made and kept.
    const serviceSigner = await loadReceiptSigner(db.pool, undefined, testLogger);
    await serviceSigner.close();
    expect(await countsOf(db)).toEqual({
      records: RECORDS,
      entries: RECORDS,
      leaves: RECORDS,
      keys: [serviceSigner.keyId],
    });

    const invalid: unknown[] = [];
    for (const vehicle of VEHICLES) {
      const chain = await verifyVehicleChain(db.pool, serviceSigner, vehicle.registration);
      if (!chain.valid || chain.length !== vehicle.records.length) invalid.push(chain);
    }
    expect(invalid).toEqual([]);
    // In order of entry: each vehicle's entries follow its records' times of entry.
    const { rows: outOfOrder } = await db.pool.query(
      `SELECT e.registration, e.position FROM chain_entries e JOIN service_records r ON r.id = e.record_id
        JOIN chain_entries p ON p.registration = e.registration AND p.position = e.position - 1
        JOIN service_records q ON q.id = p.record_id
       WHERE (q.created_at, q.id) > (r.created_at, r.id)`,
    );
    expect(outOfOrder).toEqual([]);

    expect(await seedDemoData(TEST_POSTGRES_URL, suffix, ['records'])).toEqual([
      `records: 0 new service records (${RECORDS} in the data)`,
    ]);
    expect(await countsOf(db)).toEqual({
      records: RECORDS,
      entries: RECORDS,
      leaves: RECORDS,
      keys: [serviceSigner.keyId],
    });
  }, 60_000);

  it("are signed with the records service's configured key when it has one, given as the environment gives it", async () => {
    const { db, suffix } = await freshRecordsDatabase();
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // With escaped newlines, as RECORDS_SIGNING_KEY may be set on one line.
    await seedDemoData(TEST_POSTGRES_URL, suffix, ['records'], { recordsSigningKey: key.replace(/\n/g, '\\n') });
    expect(await countsOf(db)).toEqual({
      records: RECORDS,
      entries: RECORDS,
      leaves: RECORDS,
      keys: [signerFromPrivateKey(key).keyId],
    });
    const { rows: developmentKeys } = await db.pool.query('SELECT id FROM signing_keys');
    expect(developmentKeys).toEqual([]);
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { withTransaction } from '@sh/shared/server';
import { createTestDatabase, type TestDatabase } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeGarage } from '../src/domain/store-garage.js';
import { insertGarage, type NewGarage } from '../src/store/insert-garage.js';
import { GARAGES_MIGRATIONS } from './harness.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('garages', GARAGES_MIGRATIONS);
});
afterAll(async () => {
  await db?.drop();
});

let counter = 0;

/** A new garage whose unique details no other garage has. */
function newGarage(overrides: Partial<NewGarage> = {}): NewGarage {
  counter += 1;
  const n = String(counter).padStart(3, '0');
  return {
    id: randomUUID(),
    name: 'Ashcombe Autos',
    companyName: 'ASHCOMBE AUTOS LTD',
    companyNumber: `77777${n}`,
    email: `office${n}@ashcombe-autos.co.uk`,
    phone: '01392123456',
    address: 'Unit 6 Marsh Barton, Exeter, EX2 8NX',
    fullName: 'Jo Bloggs',
    referralCode: `GAR-ABCDE${n}`,
    referredBy: null,
    ...overrides,
  };
}

async function garageCount(): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM garages');
  return rows[0]!.n;
}

describe('insertGarage', () => {
  it('answers the stored garage', async () => {
    const garage = newGarage();
    const result = await insertGarage(db.pool, garage);
    expect(result).toMatchObject({
      outcome: 'inserted',
      garage: { id: garage.id, email: garage.email, referral_code: garage.referralCode },
    });
  });

  it('answers which detail another garage already has, e-mail first, inserting nothing and leaving the transaction usable', async () => {
    const existing = newGarage();
    await insertGarage(db.pool, existing);
    const before = await garageCount();
    await withTransaction(db.pool, async (client) => {
      const sameEverything = newGarage({
        email: existing.email,
        companyNumber: existing.companyNumber,
        referralCode: existing.referralCode,
      });
      expect(await insertGarage(client, sameEverything)).toEqual({ outcome: 'email_taken' });
      expect(await insertGarage(client, newGarage({ companyNumber: existing.companyNumber }))).toEqual({
        outcome: 'company_taken',
      });
      expect(await insertGarage(client, newGarage({ referralCode: existing.referralCode }))).toEqual({
        outcome: 'referral_code_taken',
      });
      await client.query('SELECT 1');
    });
    expect(await garageCount()).toBe(before);
  });

  it('refuses to pretend when the only conflict is the id', async () => {
    const existing = newGarage();
    await insertGarage(db.pool, existing);
    await expect(insertGarage(db.pool, newGarage({ id: existing.id }))).rejects.toThrow(/was not inserted/);
  });
});

describe('storeGarage', () => {
  it('stores the garage with a fresh referral code and garage.registered in one transaction', async () => {
    const { referralCode: _ignored, ...garage } = newGarage();
    const result = await storeGarage(db.pool, garage);
    expect(result.outcome).toBe('stored');
    const { rows } = await db.pool.query(
      "SELECT payload FROM event_outbox WHERE name = 'garage.registered' AND payload->>'garageId' = $1",
      [garage.id],
    );
    expect(rows).toHaveLength(1);
  });

  it('answers a taken e-mail or company without storing the garage or its event', async () => {
    const existing = newGarage();
    await insertGarage(db.pool, existing);
    const { referralCode: _a, ...sameEmail } = newGarage({ email: existing.email });
    const { referralCode: _b, ...sameCompany } = newGarage({ companyNumber: existing.companyNumber });
    expect(await storeGarage(db.pool, sameEmail)).toEqual({ outcome: 'email_taken' });
    expect(await storeGarage(db.pool, sameCompany)).toEqual({ outcome: 'company_taken' });
    const { rows } = await db.pool.query("SELECT 1 FROM event_outbox WHERE payload->>'garageId' = ANY($1)", [
      [sameEmail.id, sameCompany.id],
    ]);
    expect(rows).toHaveLength(0);
  });
});

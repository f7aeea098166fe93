import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readCompanyFixtures,
  startCompaniesHouseFake,
  type CompaniesHouseFake,
} from '../src/companies-house/server.js';

const SHARED_FIXTURES = path.resolve(import.meta.dirname, '../../data/companies-house/companies.json');

const fixtures = [
  {
    company_number: '01234567',
    company_name: 'PARKSIDE MOTORS LTD',
    company_status: 'active',
    type: 'ltd',
    date_of_creation: '2004-02-11',
    registered_office_address: { address_line_1: '3 Park Lane', locality: 'Leeds', postal_code: 'LS1 2AB' },
    sic_codes: ['45200'],
  },
  {
    company_number: 'SC123456',
    company_name: 'GLEN AUTOS LIMITED',
    company_status: 'dissolved',
    type: 'ltd',
    date_of_creation: '1999-07-01',
    registered_office_address: { address_line_1: '8 High Street', locality: 'Perth', postal_code: 'PH1 5TJ' },
  },
];

let dir: string;
let fake: CompaniesHouseFake;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ch-fake-'));
  const fixturesPath = path.join(dir, 'companies.json');
  await writeFile(fixturesPath, JSON.stringify(fixtures));
  fake = await startCompaniesHouseFake({ port: 0, fixturesPath });
});
afterAll(async () => {
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

const apiKey = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

describe('Companies House fake: GET /company/{number}', () => {
  it('answers 200 with the company profile for a known number and a key', async () => {
    const response = await fetch(`${fake.url}/company/01234567`, { headers: { authorization: apiKey('dev-key') } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(fixtures[0]);
  });

  it('finds a lettered number whatever its case and serves a dissolved company as it is', async () => {
    const response = await fetch(`${fake.url}/company/sc123456`, { headers: { authorization: apiKey('dev-key') } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ company_name: 'GLEN AUTOS LIMITED', company_status: 'dissolved' });
  });

  it("answers 404 with the real API's error body for an unknown number", async () => {
    const response = await fetch(`${fake.url}/company/99999999`, { headers: { authorization: apiKey('dev-key') } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] });
  });

  it('answers 401 without basic auth, with an empty key or with another scheme', async () => {
    const before = fake.requestCount();
    for (const authorization of [undefined, apiKey(''), 'Bearer dev-key']) {
      const response = await fetch(`${fake.url}/company/01234567`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ type: 'ch:service' });
    }
    expect(fake.requestCount()).toBe(before + 3);
  });
});

describe('Companies House fixtures of the repository', () => {
  it('load: at least a dozen well-formed profiles, active ones and a dissolved one', async () => {
    const companies = [...(await readCompanyFixtures(SHARED_FIXTURES)).values()];
    expect(companies.length).toBeGreaterThanOrEqual(12);
    expect(companies.filter((c) => c.company_status === 'active').length).toBeGreaterThanOrEqual(10);
    expect(companies.filter((c) => c.company_status === 'dissolved').length).toBeGreaterThanOrEqual(1);
  });
});

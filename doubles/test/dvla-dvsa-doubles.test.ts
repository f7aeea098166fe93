import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSeededVehicles, type SeededVehicle } from '../src/dvla/seeded-vehicles.js';
import { DEV_DVLA_API_KEY, startDvlaDouble, type DvlaDouble } from '../src/dvla/server.js';
import { CONTRADICTING_REGISTRATION, hasOutstandingRecall, motTestsFor } from '../src/dvsa/mot-tests.js';
import {
  DEV_DVSA_API_KEY,
  DEV_DVSA_CLIENT_ID,
  DEV_DVSA_CLIENT_SECRET,
  DVSA_SCOPE,
  startDvsaDouble,
  type DvsaDouble,
} from '../src/dvsa/server.js';

let dvla: DvlaDouble;
let dvsa: DvsaDouble;
let seeded: Map<string, SeededVehicle>;
/** How far the DVSA double's clock runs ahead of the real one. */
let clockShiftMs = 0;

beforeAll(async () => {
  [dvla, dvsa, seeded] = await Promise.all([
    startDvlaDouble(),
    startDvsaDouble({ tokenTtlSeconds: 2, now: () => Date.now() + clockShiftMs }),
    readSeededVehicles(),
  ]);
});
afterAll(async () => {
  await dvla?.close();
  await dvsa?.close();
});
beforeEach(async () => {
  clockShiftMs = 0;
  await fetch(`${dvla.url}/_control/reset`, { method: 'POST' });
  await fetch(`${dvsa.url}/_control/reset`, { method: 'POST' });
});

function enquire(registrationNumber: unknown, apiKey: string | null = DEV_DVLA_API_KEY) {
  return fetch(`${dvla.url}/vehicle-enquiry/v1/vehicles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey === null ? {} : { 'x-api-key': apiKey }) },
    body: JSON.stringify({ registrationNumber }),
  });
}

async function token(form: Record<string, string> = {}) {
  return fetch(dvsa.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEV_DVSA_CLIENT_ID,
      client_secret: DEV_DVSA_CLIENT_SECRET,
      scope: DVSA_SCOPE,
      ...form,
    }),
  });
}

async function motHistory(registration: string, headers: Record<string, string>) {
  return fetch(`${dvsa.url}/v1/trade/vehicles/registration/${registration}`, { headers });
}

async function bearer(): Promise<string> {
  const answer = (await (await token()).json()) as { access_token: string };
  return answer.access_token;
}

describe('DVLA double: POST /vehicle-enquiry/v1/vehicles', () => {
  it("answers a seeded vehicle's details with the key", async () => {
    const response = await enquire('AD61HCX');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      registrationNumber: 'AD61HCX',
      make: 'BMW',
      yearOfManufacture: 2011,
      monthOfFirstRegistration: '2011-10',
    });
    for (const field of ['colour', 'fuelType', 'taxStatus', 'motStatus', 'motExpiryDate'])
      expect(typeof body[field]).toBe('string');
    expect(typeof body.engineCapacity).toBe('number');
    expect(typeof body.co2Emissions).toBe('number');
  });

  it('answers the same vehicle the same way every time (deterministic), spaces and case ignored', async () => {
    const first = await (await enquire('AD61HCX')).json();
    const second = await (await enquire('ad61 hcx')).json();
    expect(second).toEqual(first);
  });

  it('describes an electric car without an engine and with no CO2', async () => {
    const body = (await (await enquire('CW15XGX')).json()) as Record<string, unknown>;
    expect(body).toMatchObject({ fuelType: 'ELECTRICITY', co2Emissions: 0 });
    expect(body).not.toHaveProperty('engineCapacity');
  });

  it("answers 404 with the API's error body for an unknown registration, 400 for none", async () => {
    const unknown = await enquire('ZZ99ZZZ');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      errors: [{ status: '404', code: '404', title: 'Vehicle Not Found', detail: 'Record for vehicle not found' }],
    });
    expect((await enquire(undefined)).status).toBe(400);
  });

  it('answers 403 without the key or with another one', async () => {
    expect((await enquire('AD61HCX', null)).status).toBe(403);
    expect((await enquire('AD61HCX', 'someone-elses-key')).status).toBe(403);
  });

  it('can be made to fail, to be slow and to answer 429 once, and counts the calls', async () => {
    await fetch(`${dvla.url}/_control/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"failWith":503}',
    });
    expect((await enquire('AD61HCX')).status).toBe(503);
    await fetch(`${dvla.url}/_control/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"failWith":null,"delayMs":300}',
    });
    const started = Date.now();
    expect((await enquire('AD61HCX')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await fetch(`${dvla.url}/_control/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"delayMs":0,"tooManyRequests":1,"retryAfterSeconds":1}',
    });
    const limited = await enquire('AD61HCX');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect((await enquire('AD61HCX')).status).toBe(200);
    expect(await (await fetch(`${dvla.url}/_control/counts`)).json()).toEqual({ tokenRequests: 0, vehicleRequests: 4 });
  });
});

describe('DVSA double: the token endpoint and GET /v1/trade/vehicles/registration/{registration}', () => {
  it('grants a bearer token for the client credentials and refuses others', async () => {
    const granted = await token();
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 2,
      access_token: expect.any(String),
    });
    expect((await token({ client_secret: 'wrong' })).status).toBe(401);
    expect((await token({ grant_type: 'password' })).status).toBe(400);
  });

  it("answers a seeded vehicle's MOT history with a token and the key", async () => {
    const response = await motHistory('AD61HCX', {
      authorization: `Bearer ${await bearer()}`,
      'x-api-key': DEV_DVSA_API_KEY,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      motTests: { completedDate: string; testResult: string; odometerValue: string; defects: unknown[] }[];
    } & Record<string, unknown>;
    expect(body).toMatchObject({
      registration: 'AD61HCX',
      make: 'BMW',
      model: '3 SERIES',
      firstUsedDate: '2011-10-27',
      hasOutstandingRecall: expect.stringMatching(/^(Yes|No)$/),
    });
    expect(body.motTests.length).toBeGreaterThanOrEqual(12);
    const dates = body.motTests.map((t) => t.completedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.motTests.every((t) => /^\d+$/.test(t.odometerValue))).toBe(true);
  });

  it('answers 401 without a token, with an unknown one or an expired one, and 403 without the key', async () => {
    expect((await motHistory('AD61HCX', { 'x-api-key': DEV_DVSA_API_KEY })).status).toBe(401);
    expect(
      (await motHistory('AD61HCX', { authorization: 'Bearer made-up', 'x-api-key': DEV_DVSA_API_KEY })).status,
    ).toBe(401);
    const live = await bearer();
    expect((await motHistory('AD61HCX', { authorization: `Bearer ${live}` })).status).toBe(403);
    clockShiftMs = 2001; // past the token's lifetime (2 s here)
    expect(
      (await motHistory('AD61HCX', { authorization: `Bearer ${live}`, 'x-api-key': DEV_DVSA_API_KEY })).status,
    ).toBe(401);
  });

  it('answers 404 for an unknown registration', async () => {
    const response = await motHistory('ZZ99ZZZ', {
      authorization: `Bearer ${await bearer()}`,
      'x-api-key': DEV_DVSA_API_KEY,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errorCode: 'MOTH-NP-01' });
  });

  it('answers 429 once when told to, then the vehicle, counting tokens and calls apart', async () => {
    const headers = { authorization: `Bearer ${await bearer()}`, 'x-api-key': DEV_DVSA_API_KEY };
    await fetch(`${dvsa.url}/_control/behaviour`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"tooManyRequests":1}',
    });
    expect((await motHistory('AD61HCX', headers)).status).toBe(429);
    expect((await motHistory('AD61HCX', headers)).status).toBe(200);
    expect(await (await fetch(`${dvsa.url}/_control/counts`)).json()).toEqual({ tokenRequests: 1, vehicleRequests: 2 });
  });
});

describe('the seeded MOT tests', () => {
  const miles = (t: { odometerValue: string; odometerUnit: string }) =>
    Math.round(Number(t.odometerValue) / (t.odometerUnit === 'KM' ? 1.609344 : 1));

  it('begin three years after first registration and repeat about yearly', () => {
    for (const vehicle of seeded.values()) {
      const tests = motTestsFor(vehicle).reverse();
      if (tests.length === 0) continue;
      const first = Date.parse(tests[0]!.completedDate);
      const due = Date.parse(`${vehicle.firstRegistered}T00:00:00Z`) + 3 * 365.25 * 86_400_000;
      expect(Math.abs(first - due)).toBeLessThan(30 * 86_400_000);
    }
  });

  it('agree with the service records for every vehicle but one: no MOT reads less than an earlier service', () => {
    const contradicting: string[] = [];
    const clockedBySeed = [...seeded.values()].filter((v) =>
      v.readings.some((r, i) => i > 0 && r.miles < v.readings[i - 1]!.miles),
    );
    // The seed's own three clocked cars drop in their service records already; their MOTs follow the drop.
    expect(clockedBySeed.map((v) => v.registration).sort()).toEqual(['CO15GRV', 'CS14HHR', 'WE19UAD']);
    for (const vehicle of seeded.values()) {
      if (clockedBySeed.includes(vehicle)) continue;
      for (const test of motTestsFor(vehicle)) {
        const date = test.completedDate.slice(0, 10);
        const highest = Math.max(0, ...vehicle.readings.filter((r) => r.date < date).map((r) => r.miles));
        if (miles(test) < highest - 1) contradicting.push(vehicle.registration);
      }
    }
    expect([...new Set(contradicting)]).toEqual([CONTRADICTING_REGISTRATION]);
    // ...and every MOT reads no less than the MOT before it, except at that one vehicle's contradiction and after
    // the seed's own drops.
    for (const vehicle of seeded.values()) {
      if (clockedBySeed.includes(vehicle) || vehicle.registration === CONTRADICTING_REGISTRATION) continue;
      const chronological = motTestsFor(vehicle).reverse().map(miles);
      chronological.forEach((value, i) => {
        if (i > 0) expect(value).toBeGreaterThanOrEqual(chronological[i - 1]! - 1);
      });
    }
  });

  it('include failures with defects followed by a pass, dangerous defects, advisories, readings in km and a few recalls', () => {
    const all = [...seeded.values()];
    const tests = all.flatMap((v) => motTestsFor(v));
    const failed = tests.filter((t) => t.testResult === 'FAILED');
    expect(failed.length).toBeGreaterThan(tests.length / 10);
    expect(failed.every((t) => t.defects.some((d) => d.type === 'MAJOR'))).toBe(true);
    expect(failed.some((t) => t.defects.some((d) => d.dangerous))).toBe(true);
    expect(tests.some((t) => t.testResult === 'PASSED' && t.defects.some((d) => d.type === 'ADVISORY'))).toBe(true);
    expect(tests.some((t) => t.odometerUnit === 'KM')).toBe(true);
    for (const vehicle of all) {
      const chronological = motTestsFor(vehicle).reverse();
      chronological.forEach((test, i) => {
        if (test.testResult === 'FAILED' && i + 1 < chronological.length)
          expect(chronological[i + 1]!.testResult).toBe('PASSED');
      });
    }
    const recalls = all.filter(hasOutstandingRecall).length;
    expect(recalls).toBeGreaterThanOrEqual(3);
    expect(recalls).toBeLessThanOrEqual(20);
  });
});

import { randomBytes } from 'node:crypto';
import {
  importedLine,
  MESSAGES,
  RECORD_IMPORT_COLUMNS,
  RECORD_IMPORT_MAX_ROWS,
  RECORD_IMPORT_MESSAGES,
  ZLookupResponseSchema,
  ZRecordExportSchema,
  ZRecordImportPreviewResponseSchema,
  ZRecordImportResponseSchema,
  ZVerifyChainResponseSchema,
} from '@sh/shared/contract';
import { callJson, createIdentityUser } from '@sh/shared/testing';
import { createLeafHashReader } from '@sh/shared/transparency-log';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createIdentityClient, type PasswordChecker } from '../src/clients/identity.js';
import { TEST_INTERNAL_TOKEN } from './global-setup.js';
import { buildGarageAccount, startRecordsStack, type RecordsStack } from './harness.js';

/**
 * docs/product.md#importing-a-garages-history: a garage's CSV of its past services is previewed with every row's
 * problems, then stored whole (each record sealed in its vehicle's chain and marked imported) or not at all.
 */
let stack: RecordsStack;
/** What records asked identity of technicians: the real identity, over HTTP, its calls counted on the way. */
const technicianCalls = { one: 0, many: [] as string[][] };
beforeAll(async () => {
  const real = createIdentityClient({ baseUrl: inject('identityUrl'), internalToken: TEST_INTERNAL_TOKEN });
  const identity: PasswordChecker = {
    isPasswordValid: (userId, password) => real.isPasswordValid(userId, password),
    findTechnicianName: (garageId, name) => {
      technicianCalls.one += 1;
      return real.findTechnicianName(garageId, name);
    },
    findTechnicianNames: (garageId, names) => {
      technicianCalls.many.push([...names]);
      return real.findTechnicianNames(garageId, names);
    },
  };
  stack = await startRecordsStack({ app: { identity } });
});
afterAll(async () => {
  await stack?.close();
});

/** 250 vehicles of this file, four services each over 1,000 rows (current-style plates, AB12CDE). */
const plate = (n: number, prefix: string) =>
  `${prefix}${String(10 + (n % 90))}${['AAA', 'BBB', 'CCC'][Math.floor(n / 90)]}`;
const vin = (n: number) => `WVWZZZ1JZXW${String(100_000 + n)}`;

interface Row {
  registration: string;
  vin: string;
  service_date: string;
  mileage: string;
  service: string;
  notes: string;
  technician: string;
}

/** Row i of the file: vehicle i % 250, its services a year apart, mileage rising; some UK dates, some free text. */
function buildRow(i: number, prefix: string): Row {
  const vehicle = i % 250;
  const year = 2018 + Math.floor(i / 250);
  return {
    registration: plate(vehicle, prefix),
    vin: vin(vehicle),
    service_date: i % 2 === 0 ? `${year}-03-14` : `14/03/${year}`,
    mileage: String(10_000 * (1 + Math.floor(i / 250)) + vehicle),
    service:
      i % 3 === 0
        ? 'Full Service; MOT Test'
        : i % 3 === 1
          ? 'oil & filter change'
          : 'Replaced rear wiper, "driver side"',
    notes: i % 5 === 0 ? 'Customer, of long standing,\nsupplied own oil' : '',
    technician: '',
  };
}

function csvOf(rows: readonly Row[], header: readonly string[] = RECORD_IMPORT_COLUMNS): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return [header.join(','), ...rows.map((row) => RECORD_IMPORT_COLUMNS.map((c) => cell(row[c])).join(','))].join(
    '\r\n',
  );
}

async function storedOf(garageId: string) {
  const records = await stack.db.pool.query<{ n: string; imported: string }>(
    'SELECT count(*) AS n, count(*) FILTER (WHERE imported) AS imported FROM service_records WHERE garage_id = $1',
    [garageId],
  );
  const entries = await stack.db.pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM chain_entries c JOIN service_records r ON r.id = c.record_id WHERE r.garage_id = $1',
    [garageId],
  );
  const events = await stack.db.pool.query<{ payload: { count: number; registrations: string[] } }>(
    "SELECT payload FROM event_outbox WHERE name = 'service_records.imported' AND payload->>'garageId' = $1",
    [garageId],
  );
  const mails = await stack.db.pool.query<{ n: string }>(
    "SELECT count(*) AS n FROM event_outbox WHERE name = 'service_record.created' AND payload->>'garageId' = $1",
    [garageId],
  );
  return {
    records: Number(records.rows[0]!.n),
    imported: Number(records.rows[0]!.imported),
    entries: Number(entries.rows[0]!.n),
    events: events.rows.map((row) => row.payload),
    createdEvents: Number(mails.rows[0]!.n),
  };
}

const post = (path: string, token: string, csv: unknown) =>
  callJson(stack.url, 'POST', `/api/v1/service-records/import${path}`, { token, body: { csv } });

describe('POST /api/v1/service-records/import/preview and /import', () => {
  it('previews the 3 problems of a 1,000-row file and stores nothing; fixed, stores 1,000 records whose chains verify, each shown as imported', async () => {
    const garage = await buildGarageAccount(stack);
    const rows = Array.from({ length: 1_000 }, (_, i) => buildRow(i, 'IM'));
    const good = rows.map((row) => ({ ...row }));
    rows[9] = { ...rows[9]!, vin: 'WVWZZZ1JZXW00I001' };
    rows[499] = { ...rows[499]!, service_date: '2999-01-01' };
    rows[997] = { ...rows[997]!, technician: 'Nobody We Employ' };
    const bad = csvOf(rows);

    const preview = await post('/preview', garage.token, bad);
    expect(preview.status).toBe(200);
    expect(ZRecordImportPreviewResponseSchema.parse(preview.body).data).toEqual({
      rows: 1_000,
      problem_count: 3,
      problems: [
        { row: 11, field: 'vin', message: MESSAGES.records.vinInvalid },
        { row: 501, field: 'service_date', message: RECORD_IMPORT_MESSAGES.serviceDateFuture },
        { row: 999, field: 'technician', message: RECORD_IMPORT_MESSAGES.technicianUnknown },
      ],
    });
    const refused = await post('', garage.token, bad);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', message: RECORD_IMPORT_MESSAGES.hasProblems });
    expect((refused.body as { errors: unknown[] }).errors).toHaveLength(3);
    expect(await storedOf(garage.id)).toEqual({ records: 0, imported: 0, entries: 0, events: [], createdEvents: 0 });

    const started = Date.now();
    const imported = await post('', garage.token, csvOf(good));
    const took = Date.now() - started;
    expect(imported.status).toBe(201);
    const result = ZRecordImportResponseSchema.parse(imported.body).data;
    expect(result.imported).toBe(1_000);
    const stored = await storedOf(garage.id);
    expect(stored).toMatchObject({ records: 1_000, imported: 1_000, entries: 1_000, createdEvents: 0 });
    // One event for the file, naming each of its 250 vehicles; no receipt mail for each record.
    expect(stored.events).toHaveLength(1);
    expect(stored.events[0]!.count).toBe(1_000);
    expect(new Set(stored.events[0]!.registrations).size).toBe(250);
    console.info(`imported 1,000 rows in ${took} ms`);

    // The log's stored subtrees are the hashes of the leaves they span, as if each leaf had been appended alone.
    const leaves = await stack.db.pool.query<{ leaf_hash: Buffer }>(
      'SELECT leaf_hash FROM log_leaves ORDER BY leaf_index',
    );
    const recompute = createLeafHashReader(leaves.rows.map((row) => new Uint8Array(row.leaf_hash)));
    const subtrees = await stack.db.pool.query<{ start_index: string; end_index: string; hash: Buffer }>(
      'SELECT start_index, end_index, hash FROM log_subtrees',
    );
    expect(subtrees.rows.length).toBeGreaterThan(900);
    for (const subtree of subtrees.rows) {
      const hash = await recompute(Number(subtree.start_index), Number(subtree.end_index));
      expect(Buffer.from(hash).toString('hex')).toBe(subtree.hash.toString('hex'));
    }
    const head = await stack.db.pool.query<{ size: string }>('SELECT size FROM log_head');
    expect(Number(head.rows[0]!.size)).toBe(leaves.rows.length);

    // Every vehicle's chain verifies, its four services sealed oldest first.
    for (let vehicle = 0; vehicle < 250; vehicle += 1) {
      const verify = await callJson(stack.url, 'GET', `/api/v1/service-records/verify/${plate(vehicle, 'IM')}`);
      const chain = ZVerifyChainResponseSchema.parse(verify.body).data;
      expect({ vehicle, valid: chain.valid, length: chain.length }).toEqual({ vehicle, valid: true, length: 4 });
    }

    // The lookup shows each as imported, with the date the garage gave it.
    const lookup = ZLookupResponseSchema.parse(
      (await callJson(stack.url, 'GET', `/api/v1/service-records/lookup/${plate(7, 'IM')}`)).body,
    ).data.serviceRecords;
    expect(lookup.map((record) => [record.service_date, record.imported])).toEqual([
      ['2021-03-14', true],
      ['2020-03-14', true],
      ['2019-03-14', true],
      ['2018-03-14', true],
    ]);
    // Checklist items as the wizard stores them, whatever their case or separator; anything else as the garage wrote it.
    expect(lookup.map((record) => record.service_type)).toEqual([
      'Oil & Filter Change',
      'Full Service, MOT Test',
      'Replaced rear wiper, "driver side"',
      'Oil & Filter Change',
    ]);
    expect(lookup[0]!.created_at).toBe(result.imported_at);
    // No technician named, and no one signed it here: none is shown in a technician's place.
    expect(lookup.map((record) => record.technician_name)).toEqual([null, null, null, null]);

    // The export says it in words, for every record.
    const exported = await fetch(`${stack.url}/api/v1/service-records/export?format=json`, {
      headers: { authorization: `Bearer ${garage.token}` },
    });
    const file = ZRecordExportSchema.parse(await exported.json());
    expect(file.records).toHaveLength(1_000);
    const importedOn = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date(result.imported_at));
    expect(new Set(file.records.map((record) => record.imported))).toEqual(
      new Set([2018, 2019, 2020, 2021].map((year) => importedLine(importedOn, `14 March ${year}`))),
    );
  }, 120_000);

  it('checks the technicians a file names in one call to identity, not one per row or name', async () => {
    const garage = await buildGarageAccount(stack);
    const rows = Array.from({ length: 1_000 }, (_, i) => ({ ...buildRow(i, 'TC'), technician: `Fitter ${i % 50}` }));
    technicianCalls.one = 0;
    technicianCalls.many = [];
    const preview = await post('/preview', garage.token, csvOf(rows));
    expect(preview.status).toBe(200);
    // None of the 50 is the garage's technician: each row's is a problem, found by one call naming each once.
    expect(ZRecordImportPreviewResponseSchema.parse(preview.body).data.problem_count).toBe(1_000);
    expect(technicianCalls.one).toBe(0);
    expect(technicianCalls.many).toHaveLength(1);
    expect(technicianCalls.many[0]!.toSorted()).toEqual(Array.from({ length: 50 }, (_, i) => `Fitter ${i}`).toSorted());
  });

  it('refuses a bad file with a 400 that says why, and stores nothing', async () => {
    const garage = await buildGarageAccount(stack);
    const rows = [buildRow(0, 'BF'), buildRow(1, 'BF')];
    const tooMany = [
      RECORD_IMPORT_COLUMNS.join(','),
      ...Array.from({ length: RECORD_IMPORT_MAX_ROWS + 1 }, () => 'AB12CDE,WVWZZZ1JZXW100001,2020-01-01,1,MOT Test,,'),
    ].join('\n');
    const cases: Array<[unknown, string]> = [
      [
        csvOf(rows, ['registration', 'vin', 'date', 'mileage', 'service', 'notes', 'technician']),
        RECORD_IMPORT_MESSAGES.headerInvalid,
      ],
      [`${RECORD_IMPORT_COLUMNS.join(',')}\n"AB12CDE,unclosed`, RECORD_IMPORT_MESSAGES.unreadable],
      [RECORD_IMPORT_COLUMNS.join(','), RECORD_IMPORT_MESSAGES.noRows],
      [tooMany, RECORD_IMPORT_MESSAGES.tooManyRows],
      ['x'.repeat(5_000_001), RECORD_IMPORT_MESSAGES.fileTooLarge],
      ['', RECORD_IMPORT_MESSAGES.fileRequired],
      [42, RECORD_IMPORT_MESSAGES.fileRequired],
    ];
    for (const [csv, message] of cases) {
      for (const path of ['/preview', '']) {
        const answer = await post(path, garage.token, csv);
        expect({ path, status: answer.status, message: (answer.body as { message: string }).message }).toEqual({
          path,
          status: 400,
          message,
        });
      }
    }
    expect(await storedOf(garage.id)).toEqual({ records: 0, imported: 0, entries: 0, events: [], createdEvents: 0 });
  }, 60_000);

  it('reads every body before it answers: a body over the limit is a 413, a larger one than elsewhere is read, and other routes keep their limit', async () => {
    const send = (path: string, body: string, token?: string) =>
      fetch(`${stack.url}/api/v1/service-records${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
    const garage = await buildGarageAccount(stack);
    // 13 MB: past the import's 12 MB, refused as too large whoever sends it.
    const huge = JSON.stringify({ csv: 'x'.repeat(13_000_000) });
    expect((await send('/import', huge)).status).toBe(413);
    expect((await send('/import/preview', huge, garage.token)).status).toBe(413);
    // 1 MB is read whole, then the caller is checked: no token is a 401, and bad JSON a 400.
    const large = JSON.stringify({ csv: 'x'.repeat(1_000_000) });
    expect((await send('/import', large)).status).toBe(401);
    expect((await send('/import/preview', `${large.slice(0, -2)}`, garage.token)).status).toBe(400);
    // Every other route keeps the 100 kB limit.
    expect((await send('/validate', large, garage.token)).status).toBe(413);
  });

  it("is the owner's alone, and needs what adding a service needs", async () => {
    const garage = await buildGarageAccount(stack);
    const csv = csvOf([buildRow(0, 'OW')]);
    const email = `tech.${Date.now()}.${randomBytes(3).toString('hex')}@hartley-motors.co.uk`;
    const { id } = await createIdentityUser(stack.identityUrl, TEST_INTERNAL_TOKEN, { email });
    const technician = stack.tokenFor({ sub: id, role: 'technician', email, garageId: garage.id, name: 'Rhys Price' });
    const unpaid = await buildGarageAccount(stack, { status: 'canceled' });
    for (const path of ['/preview', '']) {
      expect((await post(path, technician, csv)).status).toBe(403);
      expect(
        (await callJson(stack.url, 'POST', `/api/v1/service-records/import${path}`, { body: { csv } })).status,
      ).toBe(401);
      expect((await post(path, unpaid.token, csv)).status).toBe(403);
    }
    expect(await storedOf(unpaid.id)).toMatchObject({ records: 0 });
    expect(await storedOf(garage.id)).toMatchObject({ records: 0 });
  });
});

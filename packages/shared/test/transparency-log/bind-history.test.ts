import { describe, expect, it } from 'vitest';
import {
  bindShownRecords,
  commitField,
  findUnshownRecords,
  type HistoryEntry,
  type ShownRecord,
} from '../../src/transparency-log/index.js';

const RECORD_ID = '3f1c9a52-8d4e-4b7a-9c2e-1a2b3c4d5e6f';
const OTHER_ID = '7a0e4c1b-2d3f-4e5a-8b9c-0d1e2f3a4b5c';

/** A record's entry content as records seals it (chain-entry.ts, recordEntryContent): format 1, values as they are. */
function recordEntry(position: number, overrides: Record<string, unknown> = {}, id = RECORD_ID): HistoryEntry {
  return {
    position,
    kind: 'record',
    record_id: id,
    content: {
      kind: 'record',
      position,
      prev_hash: position === 1 ? null : 'ab'.repeat(32),
      record: {
        id,
        garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
        vin: 'WVWZZZ1KZAW000001',
        vehicle_registration: 'AB12CDE',
        service_date: '2025-03-14',
        mileage: 45210,
        service_type: 'Full Service',
        notes: 'Replaced air filter and wiper blades.',
        technician_name: 'Sam Patel',
        signed_by: 'Sam Patel',
        created_at: '2025-03-14T10:22:00.000Z',
        ...overrides,
      },
    },
  };
}

/** An amendment's entry content (chain-entry.ts, amendmentEntryContent). */
function amendmentEntry(
  position: number,
  changes: Array<{ field: string; from: string | null; to: string | null }>,
  reason: string,
  amendedAt: string,
): HistoryEntry {
  return {
    position,
    kind: 'amendment',
    record_id: RECORD_ID,
    content: {
      kind: 'amendment',
      position,
      prev_hash: 'cd'.repeat(32),
      amendment: {
        id: '0c9b8a7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
        record_id: RECORD_ID,
        amended_by: '11111111-2222-4333-8444-555555555555',
        amended_at: amendedAt,
        reason,
        changes,
        contact_fields_changed: ['customer_email'],
      },
    },
  };
}

function withdrawalEntry(position: number, id = RECORD_ID): HistoryEntry {
  return {
    position,
    kind: 'withdrawal',
    record_id: id,
    content: {
      kind: 'withdrawal',
      position,
      prev_hash: 'ef'.repeat(32),
      withdrawal: {
        record_id: id,
        withdrawn_by: 'admin',
        withdrawn_at: '2025-04-01T09:00:00.000Z',
        reason: 'Logged twice',
      },
    },
  };
}

/** The record as the lookup shows it, matching recordEntry(…). */
function shown(overrides: Partial<ShownRecord> = {}): ShownRecord {
  return {
    id: RECORD_ID,
    garage_id: '9b2d7e14-5c3a-4f8b-a1d2-6e7f8a9b0c1d',
    vin: 'WVWZZZ1KZAW000001',
    vehicle_registration: 'AB12CDE',
    service_date: '2025-03-14',
    mileage: 45210,
    service_type: 'Full Service',
    notes: 'Replaced air filter and wiper blades.',
    technician_name: 'Sam Patel',
    created_at: '2025-03-14T10:22:00.000Z',
    amendments: [],
    ...overrides,
  };
}

describe('bindShownRecords, format 1', () => {
  it('binds a record shown exactly as its entry sealed it, and says nothing of records the page does not show', async () => {
    expect(await bindShownRecords([shown()], [recordEntry(1), recordEntry(2, {}, OTHER_ID)])).toEqual([]);
    // Extra fields of a shown record (the garage's name, the mileage flag) are not sealed and not compared.
    expect(
      await bindShownRecords(
        [{ ...shown(), ...({ garage: { name: 'Riverside Motors' }, mileage_anomaly: true } as object) }],
        [recordEntry(1)],
      ),
    ).toEqual([]);
  });

  it('binds the imported mark to the sealed one: shown where sealed, and nowhere else', async () => {
    expect(await bindShownRecords([shown({ imported: true })], [recordEntry(1, { imported: true })])).toEqual([]);
    expect(await bindShownRecords([shown()], [recordEntry(1, { imported: true })])).toEqual([
      {
        recordId: RECORD_ID,
        position: 1,
        reason: 'the log sealed this record as imported, yet the page does not say so',
      },
    ]);
    expect(await bindShownRecords([shown({ imported: true })], [recordEntry(1)])).toEqual([
      { recordId: RECORD_ID, position: 1, reason: 'the page marks as imported a record the log sealed as logged' },
    ]);
  });

  it.each([
    ['mileage', { mileage: 45211 }, 'the mileage shown is not what the log sealed'],
    ['mileage (none for a number)', { mileage: null }, 'the mileage shown is not what the log sealed'],
    ['service date', { service_date: '2025-03-15' }, 'the service date shown is not what the log sealed'],
    ['logging time', { created_at: '2025-03-14T10:22:00.001Z' }, 'the logging time shown is not what the log sealed'],
    ['service type', { service_type: 'Interim Service' }, 'the service type shown is not what the log sealed'],
    ['notes', { notes: null }, 'the notes shown are not what the log sealed'],
    ['technician', { technician_name: 'Someone Else' }, 'the technician shown is not what the log sealed'],
    ['garage', { garage_id: '00000000-0000-4000-8000-000000000000' }, 'the garage shown is not what the log sealed'],
    ['VIN', { vin: 'WVWZZZ1KZAW000002' }, 'the VIN shown is not what the log sealed'],
    ['registration', { vehicle_registration: 'AB12CDF' }, 'the registration shown is not what the log sealed'],
  ] as const)(
    'names a shown %s that differs from the sealed one, at the record entry',
    async (_name, change, reason) => {
      const problems = await bindShownRecords(
        [shown(), shown({ ...change, id: OTHER_ID })],
        [recordEntry(1), recordEntry(3, {}, OTHER_ID)],
      );
      expect(problems).toEqual([{ recordId: OTHER_ID, position: 3, reason }]);
    },
  );

  it('expects who signed the record as its technician when the entry names no technician, as the lookup shows it', async () => {
    const unnamed = recordEntry(1, { technician_name: null, signed_by: 'Dan Hartley' });
    expect(await bindShownRecords([shown({ technician_name: 'Dan Hartley' })], [unnamed])).toEqual([]);
    expect(await bindShownRecords([shown({ technician_name: null })], [unnamed])).toEqual([
      { recordId: RECORD_ID, position: 1, reason: 'the technician shown is not what the log sealed' },
    ]);
    expect(
      await bindShownRecords([shown({ technician_name: 'Sam Patel' })], [recordEntry(1, { signed_by: 'Dan Hartley' })]),
    ).toEqual([]);
    expect(
      await bindShownRecords(
        [shown({ technician_name: 'Dan Hartley' })],
        [recordEntry(1, { signed_by: 'Dan Hartley' })],
      ),
    ).toHaveLength(1);
  });

  it('names a record whose id the entry filed under it does not seal', async () => {
    const problems = await bindShownRecords([shown()], [recordEntry(1, { id: OTHER_ID })]);
    expect(problems).toEqual([
      { recordId: RECORD_ID, position: 1, reason: 'the record id shown is not what the log sealed' },
    ]);
  });

  it('applies amendments in chain order and compares the result, with their dates and reasons', async () => {
    const entries = [
      recordEntry(1),
      amendmentEntry(
        2,
        [{ field: 'service_type', from: 'Full Service', to: 'Interim Service' }],
        'Wrong service chosen',
        '2025-03-15T08:00:00.000Z',
      ),
      amendmentEntry(
        4,
        [
          { field: 'service_type', from: 'Interim Service', to: 'Major Service' },
          { field: 'notes', from: 'Replaced air filter and wiper blades.', to: null },
        ],
        'Corrected again',
        '2025-03-16T08:00:00.000Z',
      ),
    ];
    const amendments = [
      { amended_at: '2025-03-15T08:00:00.000Z', reason: 'Wrong service chosen' },
      { amended_at: '2025-03-16T08:00:00.000Z', reason: 'Corrected again' },
    ];
    expect(
      await bindShownRecords([shown({ service_type: 'Major Service', notes: null, amendments })], entries),
    ).toEqual([]);

    // The values before the second amendment, shown as if current: named at the amendment that changed each.
    expect(await bindShownRecords([shown({ service_type: 'Interim Service', amendments })], entries)).toEqual([
      { recordId: RECORD_ID, position: 4, reason: 'the service type shown is not what the log sealed' },
      { recordId: RECORD_ID, position: 4, reason: 'the notes shown are not what the log sealed' },
    ]);
    // A shown amendment with another reason, or date, and one left out or added.
    const current = { service_type: 'Major Service', notes: null };
    expect(
      await bindShownRecords(
        [shown({ ...current, amendments: [amendments[0]!, { ...amendments[1]!, reason: 'Tidied up' }] })],
        entries,
      ),
    ).toEqual([{ recordId: RECORD_ID, position: 4, reason: 'the amendment shown is not what the log sealed' }]);
    expect(
      await bindShownRecords(
        [
          shown({
            ...current,
            amendments: [{ ...amendments[0]!, amended_at: '2025-03-15T08:00:01.000Z' }, amendments[1]!],
          }),
        ],
        entries,
      ),
    ).toEqual([{ recordId: RECORD_ID, position: 2, reason: 'the amendment shown is not what the log sealed' }]);
    expect(await bindShownRecords([shown({ ...current, amendments: [amendments[0]!] })], entries)).toEqual([
      { recordId: RECORD_ID, position: 4, reason: 'an amendment in the log is not shown' },
    ]);
    expect(
      await bindShownRecords([shown({ ...current, amendments: [...amendments, amendments[1]!] })], entries),
    ).toEqual([{ recordId: RECORD_ID, position: null, reason: 'an amendment shown is not in the log' }]);
  });

  it('names an amendment whose old value is not what the record read before it', async () => {
    const entries = [
      recordEntry(1),
      amendmentEntry(
        2,
        [{ field: 'service_type', from: 'Oil Change', to: 'Interim Service' }],
        'Wrong service chosen',
        '2025-03-15T08:00:00.000Z',
      ),
    ];
    const problems = await bindShownRecords(
      [
        shown({
          service_type: 'Interim Service',
          amendments: [{ amended_at: '2025-03-15T08:00:00.000Z', reason: 'Wrong service chosen' }],
        }),
      ],
      entries,
    );
    expect(problems).toEqual([
      { recordId: RECORD_ID, position: 2, reason: 'its old service type is not what the record read before it' },
    ]);
  });

  it('names a record the log does not seal, seals twice, says was withdrawn, or whose entry is withheld', async () => {
    expect(await bindShownRecords([shown()], [recordEntry(1, {}, OTHER_ID)])).toEqual([
      { recordId: RECORD_ID, position: null, reason: 'no entry of the log seals this record' },
    ]);
    expect(await bindShownRecords([shown()], [recordEntry(1), recordEntry(2)])).toEqual([
      { recordId: RECORD_ID, position: 2, reason: 'the log seals this record twice' },
    ]);
    expect(await bindShownRecords([shown()], [recordEntry(1), withdrawalEntry(2)])).toEqual([
      { recordId: RECORD_ID, position: 2, reason: 'the log says this record was withdrawn, yet it is shown' },
    ]);
    expect(await bindShownRecords([shown()], [{ ...recordEntry(1), content: null }])).toEqual([
      { recordId: RECORD_ID, position: 1, reason: 'the log withholds what this entry sealed' },
    ]);
    // A withdrawn record that is not shown is as it should be.
    expect(
      await bindShownRecords([shown()], [recordEntry(1), recordEntry(2, {}, OTHER_ID), withdrawalEntry(3, OTHER_ID)]),
    ).toEqual([]);
  });

  it('reads an entry without a format as format 1, and names one in a format it cannot read', async () => {
    expect(await bindShownRecords([shown()], [{ ...recordEntry(1), format: 1 }])).toEqual([]);
    expect(await bindShownRecords([shown()], [{ ...recordEntry(1), format: 3 }])).toEqual([
      { recordId: RECORD_ID, position: 1, reason: 'its format (3) is not one this page can read' },
    ]);
  });
});

const SALT = '0123456789abcdef0123456789abcdef';
const COMMITTED =
  /^(record\.(notes|technician_name|signed_by)|amendment\.reason|amendment\.changes\.\d+\.(from|to)|withdrawal\.reason)$/;

/**
 * The same entry in format 2, as records seals it now: each personal or free-text field a salted commitment, and the
 * values at `disclosed` shown beside it with their salts (as verify discloses what the lookup shows).
 */
async function formatTwo(entry: HistoryEntry, disclosed: readonly string[]): Promise<HistoryEntry> {
  const disclosures: NonNullable<HistoryEntry['disclosures']>[number][] = [];
  const seal = async (value: unknown, path: string): Promise<unknown> => {
    if (COMMITTED.test(path)) {
      if (disclosed.includes(path)) disclosures.push({ path, value: value as string | null, salt: SALT });
      return { commitment: await commitField(SALT, value as string | null) };
    }
    if (Array.isArray(value)) return Promise.all(value.map((item, index) => seal(item, `${path}.${index}`)));
    if (typeof value === 'object' && value !== null) {
      const pairs = await Promise.all(
        Object.entries(value).map(async ([key, item]) => [key, await seal(item, path ? `${path}.${key}` : key)]),
      );
      return Object.fromEntries(pairs);
    }
    return value;
  };
  const content = { format: 2, ...((await seal(entry.content, '')) as Record<string, unknown>) };
  return { ...entry, format: 2, content, disclosures };
}

describe('bindShownRecords, format 2 (salted commitments)', () => {
  it('binds a record from its disclosed values, each checked against its commitment', async () => {
    const entry = await formatTwo(recordEntry(1), ['record.notes', 'record.technician_name']);
    expect(await bindShownRecords([shown()], [entry])).toEqual([]);
  });

  it('names an entry whose disclosed value does not hash to its commitment', async () => {
    const entry = await formatTwo(recordEntry(1), ['record.notes', 'record.technician_name']);
    entry.disclosures = entry.disclosures!.map((d) =>
      d.path === 'record.notes' ? { ...d, value: 'Replaced nothing.' } : d,
    );
    expect(await bindShownRecords([shown({ notes: 'Replaced nothing.' })], [entry])).toEqual([
      { recordId: RECORD_ID, position: 1, reason: 'record.notes does not match what the entry sealed' },
    ]);
  });

  it('lets a page show nothing for a value not disclosed (erased), and nothing else', async () => {
    const entry = await formatTwo(recordEntry(1), ['record.technician_name']);
    expect(await bindShownRecords([shown({ notes: null })], [entry])).toEqual([]);
    expect(await bindShownRecords([shown()], [entry])).toEqual([
      { recordId: RECORD_ID, position: 1, reason: 'the notes shown are not what the log sealed' },
    ]);
  });

  it('expects the disclosed signer in place of a technician not disclosed, as the lookup shows it', async () => {
    const entry = await formatTwo(recordEntry(1, { technician_name: 'Gone Technician', signed_by: 'Jo Hartley' }), [
      'record.notes',
      'record.signed_by',
    ]);
    expect(await bindShownRecords([shown({ technician_name: 'Jo Hartley' })], [entry])).toEqual([]);
  });

  it('applies an amendment whose old value is only a commitment, and compares its disclosed new value and reason', async () => {
    const record = await formatTwo(recordEntry(1), ['record.technician_name']);
    const amendment = await formatTwo(
      amendmentEntry(
        2,
        [{ field: 'notes', from: 'Replaced air filter and wiper blades.', to: 'Replaced wiper blades.' }],
        'Typo',
        '2025-03-20T09:00:00.000Z',
      ),
      ['amendment.changes.0.to', 'amendment.reason'],
    );
    const amended = shown({
      notes: 'Replaced wiper blades.',
      amendments: [{ amended_at: '2025-03-20T09:00:00.000Z', reason: 'Typo' }],
    });
    expect(await bindShownRecords([amended], [record, amendment])).toEqual([]);
    expect(
      await bindShownRecords([{ ...amended, notes: 'Replaced air filter and wiper blades.' }], [record, amendment]),
    ).toEqual([{ recordId: RECORD_ID, position: 2, reason: 'the notes shown are not what the log sealed' }]);
  });
});

describe('findUnshownRecords', () => {
  it('names the record entries of records in public view that the page leaves out, but not withdrawn or unsettled ones', () => {
    const THIRD_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
    const entries = [recordEntry(1), recordEntry(2, {}, OTHER_ID), recordEntry(3, {}, THIRD_ID)];
    expect(findUnshownRecords([shown()], entries).map((entry) => entry.position)).toEqual([2, 3]);
    expect(
      findUnshownRecords([shown()], [...entries, withdrawalEntry(4, OTHER_ID)]).map((entry) => entry.position),
    ).toEqual([3]);
    expect(
      findUnshownRecords([shown()], entries, (entry) => entry.position < 3).map((entry) => entry.position),
    ).toEqual([2]);
    expect(findUnshownRecords([shown(), shown({ id: OTHER_ID }), shown({ id: THIRD_ID })], entries)).toEqual([]);
  });
});

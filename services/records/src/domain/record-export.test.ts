import { RECORD_EXPORT_CSV_COLUMNS, ZRecordExportSchema } from '@sh/shared/contract';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/parse-csv.js';
import type { ExportRecordRow } from '../store/read-garage-export-rows.js';
import { fileNamePart } from './export-garage-records.js';
import { formatRecordExport } from './format-record-export.js';
import { presentExportedRecord } from './present-exported-record.js';
import { csvField } from './record-export-csv.js';

function buildRow(overrides: Partial<ExportRecordRow> = {}): ExportRecordRow {
  return {
    id: '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b',
    vehicle_registration: 'AB12CDE',
    vin: 'WVWZZZ1JZXW000001',
    service_date: '2025-03-14',
    mileage: 45_210,
    service_type: 'Full Service, Oil & Filter Change',
    notes: 'Rear pads at 4mm',
    technician_name: 'Sam Patel',
    signed_by: 'Priya Smith',
    customer_email: 'owner@example.co.uk',
    customer_phone: '07700900123',
    created_at: new Date('2025-03-14T17:00:00.123Z'),
    withdrawn_at: null,
    amendments: [],
    position: 2,
    hash: 'a'.repeat(64),
    prev_hash: 'b'.repeat(64),
    signed_at: new Date('2025-03-14T17:00:01.000Z'),
    signature: '+3Xc/signature==',
    key_id: '0123456789abcdef',
    format: 2,
    kept_fields: ['record.notes', 'record.technician_name', 'record.signed_by'],
    leaf_index: 7,
    leaf_hash: `${'A'.repeat(43)}=`,
    ...overrides,
  };
}

async function* rowsOf(rows: ExportRecordRow[]): AsyncGenerator<ExportRecordRow> {
  for (const row of rows) yield row;
}

async function textOf(rows: ExportRecordRow[], format: 'csv' | 'json'): Promise<string> {
  let text = '';
  const head = { garage: { id: '11111111-1111-4111-8111-111111111111', name: 'Hartley Motors' }, exported_at: 'now' };
  for await (const piece of formatRecordExport(rowsOf(rows), format, head)) text += piece;
  return text;
}

describe('csvField', () => {
  it('neutralises what a spreadsheet would read as a formula with a leading quote (OWASP)', () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+44 7700 900123')).toBe("'+44 7700 900123");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1+1')).toBe("'\t=1+1");
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
    expect(csvField('Brakes = fine')).toBe('Brakes = fine');
  });

  it('quotes as RFC 4180 says: commas, quotes and line breaks', () => {
    expect(csvField('Oil, filter')).toBe('"Oil, filter"');
    expect(csvField('a "quoted" word')).toBe('"a ""quoted"" word"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(45210)).toBe('45210');
  });
});

describe('presentExportedRecord', () => {
  it('names the fields a withdrawal or an erasure deleted, which read null', () => {
    const erased = presentExportedRecord(
      buildRow({ notes: null, signed_by: null, kept_fields: ['record.technician_name'] }),
    );
    expect(erased).toMatchObject({ notes: null, signed_by: null, erased_fields: ['notes', 'signed_by'] });
    // An entry sealed before salted commitments keeps no fields beside it, and none of it can be erased.
    expect(presentExportedRecord(buildRow({ format: 1, kept_fields: null })).erased_fields).toEqual([]);
  });

  it('carries the receipt with its leaf hash, or null for a record outside its chain', () => {
    expect(presentExportedRecord(buildRow()).receipt).toEqual({
      hash: 'a'.repeat(64),
      prev_hash: 'b'.repeat(64),
      position: 2,
      registration: 'AB12CDE',
      signed_at: '2025-03-14T17:00:01.000Z',
      signature: '+3Xc/signature==',
      key_id: '0123456789abcdef',
      leaf_index: 7,
      leaf_hash: `${'A'.repeat(43)}=`,
    });
    const outside = buildRow({ position: null, hash: null, prev_hash: null, signed_at: null, signature: null });
    expect(presentExportedRecord({ ...outside, key_id: null, format: null, kept_fields: null }).receipt).toBeNull();
  });
});

describe('formatRecordExport', () => {
  const rows = [
    buildRow({ notes: '=HYPERLINK("http://x","y")', withdrawn_at: new Date('2025-04-01T09:00:00.000Z') }),
    buildRow({
      id: '4a0d9c6e-5a8e-4a43-8f43-1f1c2b7a9d10',
      notes: 'Line one\nline "two", done',
      amendments: [{ amended_at: '2025-03-20T10:00:00.000Z', reason: 'Date typed wrong' }],
    }),
  ];

  it('writes CSV: a byte order mark, the header row, one line per record', async () => {
    const text = await textOf(rows, 'csv');
    expect(text.startsWith('\uFEFFid,vehicle_registration,')).toBe(true);
    const [header, first, second, ...rest] = parseCsv(text);
    expect(header).toEqual([...RECORD_EXPORT_CSV_COLUMNS]);
    expect(rest).toEqual([]);
    const column = (line: string[] | undefined, name: (typeof RECORD_EXPORT_CSV_COLUMNS)[number]) =>
      line![RECORD_EXPORT_CSV_COLUMNS.indexOf(name)];
    expect(column(first, 'notes')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(column(first, 'withdrawn_at')).toBe('2025-04-01T09:00:00.000Z');
    expect(column(first, 'receipt_signature')).toBe("'+3Xc/signature==");
    expect(column(second, 'notes')).toBe('Line one\nline "two", done');
    expect(column(second, 'amendments')).toBe('2025-03-20T10:00:00.000Z: Date typed wrong');
    expect(column(second, 'withdrawn_at')).toBe('');
  });

  it('writes JSON: one document its schema parses, values untouched', async () => {
    const document = ZRecordExportSchema.parse(JSON.parse(await textOf(rows, 'json')));
    expect(document.records.map((record) => record.notes)).toEqual([
      '=HYPERLINK("http://x","y")',
      'Line one\nline "two", done',
    ]);
    expect(document.records[0]!.receipt!.signature).toBe('+3Xc/signature==');
  });

  it('writes a valid empty file for a garage with no records', async () => {
    expect(parseCsv(await textOf([], 'csv'))).toEqual([[...RECORD_EXPORT_CSV_COLUMNS]]);
    expect(ZRecordExportSchema.parse(JSON.parse(await textOf([], 'json'))).records).toEqual([]);
  });
});

describe('fileNamePart', () => {
  it("makes a garage's name safe for a file name", () => {
    expect(fileNamePart('Hartley Motors Ltd')).toBe('hartley-motors-ltd');
    expect(fileNamePart("Renée's Garage & MOT")).toBe('renee-s-garage-mot');
    expect(fileNamePart('"; rm -rf /')).toBe('rm-rf');
    expect(fileNamePart('***')).toBe('garage');
  });
});

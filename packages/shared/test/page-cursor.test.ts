import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  decodePageCursor,
  encodePageCursor,
  ZCursorDateSchema,
  ZCursorIdSchema,
  ZCursorMicrosecondsSchema,
  ZCursorTimestampSchema,
} from '../src/server/page-cursor.js';

const ID = '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b';
const RECORD_CURSOR = z.tuple([ZCursorDateSchema, ZCursorTimestampSchema, ZCursorIdSchema]);
const GARAGE_CURSOR = z.tuple([ZCursorMicrosecondsSchema, ZCursorIdSchema]);

describe('page cursors reach SQL only with values Postgres accepts', () => {
  it('read back a cursor they wrote', () => {
    const cursor = encodePageCursor(['2024-02-29', '2025-03-14T17:00:00.123Z', ID]);
    expect(decodePageCursor(cursor, RECORD_CURSOR)).toEqual(['2024-02-29', new Date('2025-03-14T17:00:00.123Z'), ID]);
    expect(decodePageCursor(encodePageCursor(['1700000000000000', ID]), GARAGE_CURSOR)).toEqual([
      '1700000000000000',
      ID,
    ]);
  });

  it.each([
    ['an impossible date', ['2024-02-31', '2025-03-14T17:00:00.123Z', ID]],
    ['a date in no month', ['2024-13-01', '2025-03-14T17:00:00.123Z', ID]],
    ['year zero', ['0000-01-01', '2025-03-14T17:00:00.123Z', ID]],
    ['an impossible timestamp', ['2024-02-28', '2024-02-31T10:00:00.000Z', ID]],
    ['a timestamp in another form', ['2024-02-28', '2024-02-28 10:00', ID]],
    ['a timestamp that is a number', ['2024-02-28', 1_700_000_000_000, ID]],
    ['an id that is no UUID', ['2024-02-28', '2025-03-14T17:00:00.123Z', 'not-a-uuid']],
    ['a part too few', ['2024-02-28', '2025-03-14T17:00:00.123Z']],
    ['a part too many', ['2024-02-28', '2025-03-14T17:00:00.123Z', ID, 'x']],
  ])('refuse %s with the 400 envelope', (_case, tuple) => {
    expect(() => decodePageCursor(encodePageCursor(tuple), RECORD_CURSOR)).toThrow(
      expect.objectContaining({ code: 'validation_failed' }),
    );
  });

  it.each([
    '',
    'bm90LWEtY3Vyc29y',
    '____',
    Buffer.from('{"a":1}').toString('base64url'),
    Buffer.from('null').toString('base64url'),
  ])('refuse garbage %j with the 400 envelope naming the field', (cursor) => {
    expect(() => decodePageCursor(cursor, RECORD_CURSOR, 'records_cursor')).toThrow(
      expect.objectContaining({
        code: 'validation_failed',
        errors: [expect.objectContaining({ path: 'records_cursor' })],
      }),
    );
  });

  it.each([['99999999999999999999'], ['-99999999999999999'], ['999999999999999999'], ['1 OR 1=1'], ['1.5']])(
    'refuse the garage cursor time %j',
    (time) => {
      expect(() => decodePageCursor(encodePageCursor([time, ID]), GARAGE_CURSOR)).toThrow(
        expect.objectContaining({ code: 'validation_failed' }),
      );
    },
  );
});

import { describe, expect, it } from 'vitest';
import { decodeRecordCursor, encodeRecordCursor } from './record-page-cursor.js';

describe('record page cursors', () => {
  it('read back the key they were made from, to the millisecond', () => {
    const key = {
      serviceDate: '2025-03-14',
      createdAt: new Date('2025-03-14T17:00:00.123Z'),
      id: '3f2b8c1e-9d4a-4b6e-8f1a-2c3d4e5f6a7b',
    };
    expect(decodeRecordCursor(encodeRecordCursor(key))).toEqual(key);
  });

  it.each([
    '',
    'not-base64-json',
    Buffer.from('{}').toString('base64url'),
    Buffer.from('["2025-03-14","nope","x"]').toString('base64url'),
  ])('refuse %j with a 400', (cursor) => {
    expect(() => decodeRecordCursor(cursor)).toThrow(expect.objectContaining({ code: 'validation_failed' }));
  });
});

import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import { describe, expect, it } from 'vitest';
import { decodeAdminGarageCursor, encodeAdminGarageCursor } from './admin-garage-cursor.js';

const key = { createdUs: '1773480600123456', id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' };

describe('admin garage cursor', () => {
  it('reads back exactly the key it was made from, microseconds included, in characters the query schema accepts', () => {
    const cursor = encodeAdminGarageCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeAdminGarageCursor(cursor)).toEqual(key);
  });

  it.each([
    ['not base64 JSON', 'bm90IGpzb24'],
    ['a wrong shape', Buffer.from(JSON.stringify({ createdUs: key.createdUs, id: key.id })).toString('base64url')],
    ['a time that is not a whole number', Buffer.from(JSON.stringify(['12.5', key.id])).toString('base64url')],
    ['an id that is not a UUID', Buffer.from(JSON.stringify([key.createdUs, "x' OR 1=1"])).toString('base64url')],
  ])('refuses %s with the page-link message', (_label, cursor) => {
    expect(() => decodeAdminGarageCursor(cursor)).toThrow(AppError);
    expect(() => decodeAdminGarageCursor(cursor)).toThrow(MESSAGES.records.cursorInvalid);
  });
});

import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { AdminGaragePageKey } from '../store/find-admin-garages.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MICROSECONDS = /^-?\d{1,16}$/;

/** An opaque cursor (base64url JSON) naming the last garage of a page of the admin's list. */
export function encodeAdminGarageCursor(key: AdminGaragePageKey): string {
  return Buffer.from(JSON.stringify([key.createdUs, key.id])).toString('base64url');
}

/** Reads a cursor back; anything that is not one of ours is a 400. */
export function decodeAdminGarageCursor(cursor: string): AdminGaragePageKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidCursor();
  const [createdUs, id] = parsed as unknown[];
  if (typeof createdUs !== 'string' || !MICROSECONDS.test(createdUs)) throw invalidCursor();
  if (typeof id !== 'string' || !UUID.test(id)) throw invalidCursor();
  return { createdUs, id };
}

function invalidCursor(): AppError {
  return new AppError('validation_failed', MESSAGES.records.cursorInvalid, { errors: [{ path: 'cursor', message: MESSAGES.records.cursorInvalid }] });
}

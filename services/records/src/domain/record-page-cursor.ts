import { MESSAGES } from '@sh/shared/contract';
import { AppError } from '@sh/shared/server';
import type { RecordPageKey } from '../store/find-garage-records.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An opaque cursor (base64url JSON) naming the last record of a page. */
export function encodeRecordCursor(key: RecordPageKey): string {
  return Buffer.from(JSON.stringify([key.serviceDate, key.createdAt.toISOString(), key.id])).toString('base64url');
}

/** Reads a cursor back; anything that is not one of ours is a 400. */
export function decodeRecordCursor(cursor: string): RecordPageKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalidCursor();
  const [serviceDate, createdAt, id] = parsed as unknown[];
  if (typeof serviceDate !== 'string' || !DATE.test(serviceDate)) throw invalidCursor();
  if (typeof id !== 'string' || !UUID.test(id)) throw invalidCursor();
  const created = typeof createdAt === 'string' ? new Date(createdAt) : new Date(Number.NaN);
  if (Number.isNaN(created.getTime())) throw invalidCursor();
  return { serviceDate, createdAt: created, id };
}

function invalidCursor(): AppError {
  return new AppError('validation_failed', MESSAGES.records.cursorInvalid, { errors: [{ path: 'cursor', message: MESSAGES.records.cursorInvalid }] });
}

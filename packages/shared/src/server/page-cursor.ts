/**
 * Page cursors: opaque base64url JSON tuples naming the last row of a page. Every list that pages reads its cursor
 * here, with a tuple of the schemas below, so that what reaches SQL is a date, a timestamp or an id Postgres accepts:
 * an impossible date (2024-02-31), a timestamp out of range or an id that is no UUID is the client's 400, never a
 * database error.
 */
import { z } from 'zod';
import { MESSAGES } from '../contract/messages.js';
import { AppError } from './errors.js';

/** The first year a cursor may name (Postgres holds no year 0); four digits end at 9999. */
const YEAR_MIN = 1;

/** A calendar date that exists, as YYYY-MM-DD (2024-02-29 is one, 2024-02-31 is not). */
export const ZCursorDateSchema = z.string().refine((value) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  const date = new Date(`${value}T00:00:00.000Z`);
  return year >= YEAR_MIN && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
});

/** An instant as Date.toISOString writes it (YYYY-MM-DDTHH:MM:SS.sssZ), one that exists. */
export const ZCursorTimestampSchema = z
  .string()
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value)) return false;
    const instant = new Date(value);
    return Number(value.slice(0, 4)) >= YEAR_MIN && !Number.isNaN(instant.getTime()) && instant.toISOString() === value;
  })
  .transform((value) => new Date(value));

/** Microseconds since the Unix epoch, as a decimal string, within years 0001 to 9999. */
const MICROSECONDS_MIN = BigInt(Date.parse('0001-01-01T00:00:00.000Z')) * 1000n;
const MICROSECONDS_MAX = BigInt(Date.parse('9999-12-31T23:59:59.999Z')) * 1000n + 999n;
export const ZCursorMicrosecondsSchema = z
  .string()
  .refine(
    (value) => /^-?\d{1,17}$/.test(value) && BigInt(value) >= MICROSECONDS_MIN && BigInt(value) <= MICROSECONDS_MAX,
  );

/** A row id: a UUID in the lower case Postgres writes. */
export const ZCursorIdSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** Writes a cursor: the tuple's JSON in base64url. */
export function encodePageCursor(tuple: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

/**
 * Reads a cursor back with `schema` (a z.tuple of the schemas above); anything that is not base64url JSON of that
 * shape, every part of it valid, is the 400 envelope naming `path`.
 */
export function decodePageCursor<T extends z.ZodType>(cursor: string, schema: T, path = 'cursor'): z.output<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidPageCursor(path);
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw invalidPageCursor(path);
  return result.data as z.output<T>;
}

function invalidPageCursor(path: string): AppError {
  return new AppError('validation_failed', MESSAGES.records.cursorInvalid, {
    errors: [{ path, message: MESSAGES.records.cursorInvalid }],
  });
}

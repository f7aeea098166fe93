import { decodePageCursor, encodePageCursor, ZCursorIdSchema, ZCursorMicrosecondsSchema } from '@sh/shared/server';
import { z } from 'zod';
import type { AdminGaragePageKey } from '../store/find-admin-garages.js';

/** A garage page's cursor: its last garage's joining time in microseconds and id, each one Postgres will accept. */
const ZAdminGarageCursorSchema = z.tuple([ZCursorMicrosecondsSchema, ZCursorIdSchema]);

/** An opaque cursor (base64url JSON) naming the last garage of a page of the admin's list. */
export function encodeAdminGarageCursor(key: AdminGaragePageKey): string {
  return encodePageCursor([key.createdUs, key.id]);
}

/** Reads a cursor back; anything that is not one of ours is a 400. */
export function decodeAdminGarageCursor(cursor: string): AdminGaragePageKey {
  const [createdUs, id] = decodePageCursor(cursor, ZAdminGarageCursorSchema);
  return { createdUs, id };
}

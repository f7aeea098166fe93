import {
  decodePageCursor,
  encodePageCursor,
  ZCursorDateSchema,
  ZCursorIdSchema,
  ZCursorTimestampSchema,
} from '@sh/shared/server';
import { z } from 'zod';
import type { RecordPageKey } from '../store/record-page-key.js';

/** A record page's cursor: its last record's service date, entry time and id, each one Postgres will accept. */
const ZRecordCursorSchema = z.tuple([ZCursorDateSchema, ZCursorTimestampSchema, ZCursorIdSchema]);

/** An opaque cursor (base64url JSON) naming the last record of a page. */
export function encodeRecordCursor(key: RecordPageKey): string {
  return encodePageCursor([key.serviceDate, key.createdAt.toISOString(), key.id]);
}

/** Reads a cursor back; anything that is not one of ours, or names an impossible date or time, is a 400. */
export function decodeRecordCursor(cursor: string): RecordPageKey {
  const [serviceDate, createdAt, id] = decodePageCursor(cursor, ZRecordCursorSchema);
  return { serviceDate, createdAt, id };
}

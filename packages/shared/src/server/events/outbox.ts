/**
 * The transactional outbox: a service writes its events into its own event_outbox in the transaction that makes
 * the change they announce, and the relay publishes them from there. Also what an outbox row is and the event it
 * holds, as the relay, the reconciler and a replay read it.
 */
import { randomUUID } from 'node:crypto';
import { EVENTS, type TEventEnvelope, type TEventName, type TEventPayload } from '../../contract/events.js';
import type { Queryable } from '../store/db.js';
import { traceParentNow } from '../tracing.js';
import { secretFieldsOf } from './secret-fields.js';

/**
 * Writes an event into the outbox. Call it with the client of the transaction that makes the state
 * change, so that the change and its event commit or roll back together.
 */
export async function writeEvent<N extends TEventName>(
  db: Queryable,
  name: N,
  payload: TEventPayload<N>,
): Promise<string> {
  const definition = EVENTS[name];
  const parsed = definition.payload.parse(payload);
  const id = randomUUID();
  await db.query('INSERT INTO event_outbox (id, name, version, payload, trace_parent) VALUES ($1, $2, $3, $4, $5)', [
    id,
    name,
    definition.version,
    JSON.stringify(parsed),
    traceParentNow(),
  ]);
  return id;
}

/**
 * Drops the events not published yet whose payload field `field` equals `value`, in the caller's transaction:
 * for compensation, when the change they announced is undone before anyone heard of it.
 */
export async function discardUnpublishedEvents(
  db: Queryable,
  about: { field: string; value: string },
): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM event_outbox WHERE published_at IS NULL AND payload->>$1 = $2', [
    about.field,
    about.value,
  ]);
  return rowCount ?? 0;
}

/** An outbox row as the relay, the reconciler and a replay read it. */
export interface OutboxRow {
  id: string;
  name: TEventName;
  version: number;
  payload: unknown;
  occurred_at: Date;
  /** The trace of the request that wrote it (tracing.ts), when one was traced. */
  trace_parent?: string | null;
}

/**
 * The event an outbox row holds, as its jobs carry it: without its secret fields. A secret never rides in a job; the
 * consumer asks the publisher for it (readEventSecrets, over GET /internal/events/{id}/secret) when it applies the
 * event, and the publisher drops it from the row once every subscriber's job was seen completed (the reconciler).
 */
export function envelopeOf(row: OutboxRow): TEventEnvelope {
  const payload = { ...(row.payload as Record<string, unknown>) };
  for (const field of secretFieldsOf(row.name)) delete payload[field];
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    occurredAt: row.occurred_at.toISOString(),
    payload,
  } as TEventEnvelope;
}

/**
 * An event's secret fields (a confirmation or reset token): no job carries them. Its publisher's outbox row keeps
 * them until every subscriber has the event (the reconciler drops them then); a consumer asks the publisher for them
 * when it applies the event (GET /internal/events/{id}/secret, internal token only).
 */
import { EVENTS, type TEventEnvelope, type TEventName, type TEventPayload } from '../../contract/events.js';
import { callInternal } from '../auth.js';
import type { Queryable } from '../store/db.js';

/** Each event's definition, typed so that a secret field must name a field of its event's payload. */
const DEFINITIONS: {
  readonly [N in TEventName]: {
    version: number;
    payload: (typeof EVENTS)[N]['payload'];
    secretFields?: readonly (keyof TEventPayload<N> & string)[];
  };
} = EVENTS;

/** The payload fields of an event that must not outlive its delivery (its definition's secretFields). */
export function secretFieldsOf(name: TEventName): readonly string[] {
  return DEFINITIONS[name].secretFields ?? [];
}

/**
 * The secret fields of every event that has some, as the reconciler's delivered marking reads them to drop them:
 * `{ name: [field, ...] }`.
 */
export const SECRET_FIELDS_BY_NAME = JSON.stringify(
  Object.fromEntries(
    (Object.keys(EVENTS) as TEventName[]).flatMap((name) =>
      secretFieldsOf(name).length > 0 ? [[name, secretFieldsOf(name)]] : [],
    ),
  ),
);

/** Whether the event's payload lacks a secret field of its definition, which its consumer must then fetch. */
export function lacksSecretFields(event: TEventEnvelope): boolean {
  return secretFieldsOf(event.name).some((field) => !(field in (event.payload as object)));
}

/**
 * The secret fields of an event its subscribers have not all completed yet, as its publisher's outbox holds
 * them; null when there is no such event, it has no secret fields, or they were dropped (delivered to every
 * subscriber). Served to consumers by the publisher's GET /internal/events/{id}/secret (internal token only).
 */
export async function readEventSecrets(db: Queryable, eventId: string): Promise<Record<string, unknown> | null> {
  const { rows } = await db.query<{ name: TEventName; payload: Record<string, unknown> }>(
    // Not "published_at IS NOT NULL": a consumer may take the job before the relay has marked its row.
    'SELECT name, payload FROM event_outbox WHERE id = $1 AND delivered_at IS NULL',
    [eventId],
  );
  const row = rows[0];
  const fields = row && EVENTS[row.name] ? secretFieldsOf(row.name) : [];
  if (!row || fields.length === 0 || !fields.every((field) => field in row.payload)) return null;
  return Object.fromEntries(fields.map((field) => [field, row.payload[field]]));
}

/**
 * Asks a consumed event's publisher for its secret fields; null when the publisher has none for it (delivered, or
 * unknown there). Throws when the publisher cannot answer, so that the event is retried.
 */
export type EventSecretsFetcher = (event: TEventEnvelope) => Promise<Record<string, unknown> | null>;

/** An EventSecretsFetcher that asks the publisher at `baseUrl` with the internal token. */
export function fetchEventSecretsFrom(options: {
  baseUrl: string;
  internalToken: string;
  timeoutMs?: number;
}): EventSecretsFetcher {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return async (event) => {
    const url = `${baseUrl}/internal/events/${encodeURIComponent(event.id)}/secret`;
    const result = await callInternal<Record<string, unknown>>(url, options.internalToken, {
      timeoutMs: options.timeoutMs ?? 5000,
    });
    if (result.status === 200 && result.body.data) return result.body.data;
    if (result.status === 404) return null;
    throw new Error(`the publisher answered ${result.status} when asked for the secret fields of event ${event.id}`);
  };
}

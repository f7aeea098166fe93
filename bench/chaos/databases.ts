/** What the chaos platform's databases hold: its events, deliveries and receipt mails, and the run's own garages. */
import pg from 'pg';
import { EVENT_SUBSCRIBERS, type TEventName, type TServiceName } from '@sh/shared/contract';
import { CONSUMING_SERVICES, hashPassword } from '@sh/shared/server';
import { databaseUrl, SERVICE_NAMES, type ServiceName } from '@sh/shared/launcher';
import type { Garage } from './load.js';
import { GARAGES, PASSWORD, POSTGRES_URL, SUFFIX } from './settings.js';

export const pools = Object.fromEntries(
  SERVICE_NAMES.map((name) => {
    const pool = new pg.Pool({ connectionString: databaseUrl(POSTGRES_URL, `sh_${name}${SUFFIX}`), max: 2 });
    pool.on('error', () => undefined); // idle clients die with the Postgres restart; the next query reconnects
    return [name, pool];
  }),
) as Record<ServiceName, pg.Pool>;

export interface OutboxRow {
  id: string;
  name: TEventName;
  published: boolean;
  recordId: string | null;
  /** A checkpoint_issued event's tree size. */
  treeSize: string | null;
  service: ServiceName;
}

export interface EventState {
  outbox: OutboxRow[];
  processed: Record<string, Set<string>>;
}

export async function readEvents(): Promise<EventState> {
  const outbox: OutboxRow[] = [];
  for (const service of SERVICE_NAMES) {
    const { rows } = await pools[service].query<{
      id: string;
      name: TEventName;
      published: boolean;
      record_id: string | null;
      tree_size: string | null;
    }>(
      `SELECT id, name, published_at IS NOT NULL AS published, payload->>'recordId' AS record_id, payload->>'treeSize' AS tree_size FROM event_outbox`,
    );
    for (const row of rows)
      outbox.push({
        id: row.id,
        name: row.name,
        published: row.published,
        recordId: row.record_id,
        treeSize: row.tree_size,
        service,
      });
  }
  const processed: Record<string, Set<string>> = {};
  for (const service of CONSUMING_SERVICES) {
    const { rows } = await pools[service as ServiceName].query<{ event_id: string }>(
      'SELECT event_id FROM processed_events',
    );
    processed[service] = new Set(rows.map((row) => row.event_id));
  }
  return { outbox, processed };
}

/** Deliveries owed (one per event and subscriber) and those that were not made, among `rows`. */
export function deliveries(
  rows: OutboxRow[],
  processed: EventState['processed'],
): { owed: number; missing: Array<{ id: string; name: string; to: TServiceName }> } {
  let owed = 0;
  const missing: Array<{ id: string; name: string; to: TServiceName }> = [];
  for (const row of rows) {
    for (const to of EVENT_SUBSCRIBERS[row.name] ?? []) {
      owed += 1;
      if (!processed[to]?.has(row.id)) missing.push({ id: row.id, name: row.name, to });
    }
  }
  return { owed, missing };
}

/** How many receipt mails notifications holds until a checkpoint covers their entry. */
export async function heldReceipts(): Promise<number> {
  return (await pools.notifications.query<{ n: number }>('SELECT count(*)::int AS n FROM receipts_awaiting_checkpoint'))
    .rows[0]!.n;
}

/** The receipt mails notifications queued for these service_record.created events: how many per event. */
export async function receiptMailsFor(eventIds: string[]): Promise<Map<string, number>> {
  const { rows } = await pools.notifications.query<{ event_id: string; n: number }>(
    `SELECT event_id, count(*)::int AS n FROM mail_queue WHERE template = 'service_record_receipt' AND event_id = ANY($1::uuid[]) GROUP BY event_id`,
    [eventIds],
  );
  return new Map(rows.map((row) => [row.event_id, row.n]));
}

/** Drops a service's chaos database (prepareDatabases creates it again, empty). */
export async function recreate(service: ServiceName): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS sh_${service}${SUFFIX} WITH (FORCE)`);
  await admin.end();
}

/** The run's garages: users with a password, confirmed e-mails, directory entries and active entitlements. */
export async function createGarages(): Promise<Garage[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const garages: Garage[] = [];
  for (let index = 0; index < GARAGES; index += 1) {
    const email = `chaos.garage.${index}@example.co.uk`;
    const { rows } = await pools.identity.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, role, email_confirmed_at) VALUES ($1, $2, 'garage', now()) RETURNING id`,
      [email, passwordHash],
    );
    const id = rows[0]!.id;
    await pools.records.query(
      'INSERT INTO garage_directory (garage_id, name, address, email) VALUES ($1, $2, $3, $4)',
      [id, `Chaos Garage ${index} Ltd`, `${index} Mill Lane, Leeds, LS2 7AB`, email],
    );
    await pools.records.query(
      `INSERT INTO garage_entitlements (garage_id, subscription_status, can_add_records, state_at) VALUES ($1, 'active', true, 1)`,
      [id],
    );
    await pools.records.query('INSERT INTO email_confirmations (user_id, confirmed_at) VALUES ($1, now())', [id]);
    garages.push({ index, id, email, token: '', next: 0 });
  }
  return garages;
}

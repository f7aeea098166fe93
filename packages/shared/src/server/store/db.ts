import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that runs a query: the pool or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

// DATE columns come back as 'YYYY-MM-DD' strings, never shifted through a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// BIGINT counts fit comfortably in a JS number for this platform's volumes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Opens a pool to one service's database; a connection not made within `connectionTimeoutMillis` (5 s) fails. */
export function createPool(connectionString: string, max = 10, { connectionTimeoutMillis = 5000 } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  pool.on('connect', (client) => {
    // A client checked out when its connection dies (Postgres restarting) emits 'error' too, between statements as
    // well as during one, and an 'error' nobody listens to ends the process. Its holder learns of it from the
    // statement that fails, and the pool drops the client when it is released.
    client.on('error', () => undefined);
  });
  return pool;
}

/** Runs fn inside one transaction; commits on success, rolls back on any error. */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Creates the database named in the URL when it does not exist yet (development and tests). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const database = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`Refusing to create a database with the name "${database}"`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${database}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04' && error.code !== '23505') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

/** Drops and recreates a database: only for test set-up. */
export async function recreateDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const database = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z0-9_]+_test(_[a-z0-9]+)?$/.test(database))
    throw new Error(`Only *_test databases may be recreated, not "${database}"`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
  } finally {
    await client.end();
  }
}

const KIT_MIGRATIONS: { name: string; sql: string }[] = [
  {
    name: '000_kit_outbox_and_inbox',
    sql: `
      CREATE TABLE IF NOT EXISTS event_outbox (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        version integer NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS event_outbox_unpublished ON event_outbox (occurred_at) WHERE published_at IS NULL;
      CREATE TABLE IF NOT EXISTS processed_events (
        event_id uuid PRIMARY KEY,
        name text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
  {
    // The relay claims rows for a while instead of locking them inside a transaction while it talks to Redis.
    name: '001_kit_outbox_claims',
    sql: 'ALTER TABLE event_outbox ADD COLUMN IF NOT EXISTS claimed_until timestamptz;',
  },
  {
    // The audit of admin actions this service performs (admin-audit.ts): kept for good, never updated.
    name: '002_kit_admin_actions',
    sql: `
      CREATE TABLE IF NOT EXISTS admin_actions (
        id uuid PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid NOT NULL,
        actor_email text NOT NULL,
        action text NOT NULL,
        subject_type text NOT NULL,
        subject_id text NOT NULL,
        subject_label text NOT NULL,
        reason text
      );
      CREATE INDEX IF NOT EXISTS admin_actions_newest ON admin_actions (at DESC, id DESC);`,
  },
  {
    // Which subscribers' queues were seen to have completed a published event (events/reconciler.ts), and when all
    // had: until then the reconciler re-publishes whatever job went missing from Redis. Rows published before this
    // are taken as delivered.
    name: '003_kit_outbox_deliveries',
    sql: `
      ALTER TABLE event_outbox ADD COLUMN IF NOT EXISTS delivered_to text[] NOT NULL DEFAULT '{}';
      ALTER TABLE event_outbox ADD COLUMN IF NOT EXISTS delivered_at timestamptz;
      UPDATE event_outbox SET delivered_at = published_at WHERE published_at IS NOT NULL AND delivered_at IS NULL;
      CREATE INDEX IF NOT EXISTS event_outbox_undelivered ON event_outbox (id) WHERE published_at IS NOT NULL AND delivered_at IS NULL;`,
  },
  {
    // The trace of the request that wrote an event (its W3C traceparent), which its jobs carry on to the consumers
    // while tracing is on (tracing.ts, docs/operations.md#traces); null otherwise.
    name: '004_kit_outbox_trace_parent',
    sql: 'ALTER TABLE event_outbox ADD COLUMN IF NOT EXISTS trace_parent text;',
  },
];

/** The kit's migrations, then the service's ordered *.sql files from `dir`. */
async function migrationsIn(dir: string): Promise<{ name: string; sql: string }[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  const migrations = [...KIT_MIGRATIONS];
  for (const file of files) migrations.push({ name: file, sql: await readFile(path.join(dir, file), 'utf8') });
  return migrations;
}

/** The names of the migrations `migrate` would apply to this database now (all of them on a new database). */
export async function pendingMigrations(pool: pg.Pool, dir: string): Promise<string[]> {
  const names = (await migrationsIn(dir)).map((migration) => migration.name);
  const found = await pool.query<{ name: string }>('SELECT name FROM schema_migrations').catch((error: unknown) => {
    if ((error as { code?: string }).code === '42P01') return { rows: [] }; // no schema_migrations table yet
    throw error;
  });
  const done = new Set(found.rows.map((row) => row.name));
  return names.filter((name) => !done.has(name));
}

/**
 * Applies the kit's tables and then the service's ordered *.sql files from `dir`, each once, in its own
 * transaction, under an advisory lock so that two processes starting together do not race.
 */
export async function migrate(pool: pg.Pool, dir: string, logger?: Logger): Promise<string[]> {
  const migrations = await migrationsIn(dir);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
      logger?.info({ migration: migration.name }, 'migration applied');
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
  return applied;
}

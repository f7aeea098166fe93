import type { WritePosition } from '@sh/shared/lookup-cache';
import type { Queryable } from '@sh/shared/server';

/**
 * Where the primary's write-ahead log is flushed to now, as a write position (16 hex digits of its LSN): what a
 * standby can have been sent. Read once a write has committed, it is at or past that write, since a commit returns
 * only once its record is flushed (synchronous_commit on: Postgres' default, which records keeps). The lookup cache's
 * bumps carry it (packages/shared/src/lookup-cache/README.md, "Read replicas").
 */
export async function readWritePosition(db: Queryable): Promise<WritePosition> {
  const { rows } = await db.query<{ position: string }>({
    name: 'read-write-position',
    text: `SELECT lpad(to_hex((pg_current_wal_flush_lsn() - '0/0')::bigint), 16, '0') AS position`,
  });
  return rows[0]!.position;
}

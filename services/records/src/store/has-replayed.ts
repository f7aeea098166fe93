import type { WritePosition } from '@sh/shared/lookup-cache';
import type { Queryable } from '@sh/shared/server';

/**
 * Whether the server `db` reads has every write up to `position` (readWritePosition's): a standby once it has
 * replayed that far; a server that is not a standby has its own writes, so it has them all.
 */
export async function hasReplayed(db: Queryable, position: WritePosition): Promise<boolean> {
  const { rows } = await db.query<{ replayed: boolean }>({
    name: 'has-replayed',
    text: `SELECT CASE WHEN pg_is_in_recovery()
                       THEN coalesce(pg_last_wal_replay_lsn() - '0/0' >= $1::numeric, false)
                       ELSE true END AS replayed`,
    values: [BigInt(`0x${position}`).toString()],
  });
  return rows[0]!.replayed;
}

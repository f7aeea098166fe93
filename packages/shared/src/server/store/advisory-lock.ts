import type pg from 'pg';

/**
 * Runs `work` only if this process can take the Postgres advisory lock `key` of the pool's database at once: the way
 * a start-up or periodic pass runs once across a service's replicas (docs/deployment.md#replicas). The lock is a
 * session lock on one client, held for the whole of `work` and let go after it; a replica that cannot take it skips
 * the pass (`ran: false`). A client whose unlock failed leaves the pool, so its session ends and the lock with it.
 */
export async function runUnlessLocked<T>(
  pool: pg.Pool,
  key: number,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = await pool.connect();
  let isClientBroken = false;
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key]);
    if (rows[0]?.ok !== true) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => (isClientBroken = true));
    }
  } finally {
    client.release(isClientBroken);
  }
}

import type { Queryable } from '@sh/shared/server';

/** The stored details of a callback request that its event does not carry. */
export async function findCallbackRequest(
  db: Queryable,
  id: string,
): Promise<{ best_time: string; message: string | null } | null> {
  const { rows } = await db.query<{ best_time: string; message: string | null }>(
    'SELECT best_time, message FROM callback_requests WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

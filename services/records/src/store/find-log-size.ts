import type { Queryable } from '@sh/shared/server';

/** The transparency log's size as last committed: every leaf below it, and every subtree they complete, is stored. */
export async function findLogSize(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ size: string }>('SELECT size FROM log_head WHERE id');
  return Number(rows[0]!.size);
}

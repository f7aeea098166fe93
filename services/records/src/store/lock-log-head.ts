import type { PoolClient } from '@sh/shared/server';

/**
 * Locks the log's head for the rest of the transaction and answers the log's size: the index the next leaf takes.
 * Lock order, in every writer: the vehicle's chain first (lockVehicleChain), then this; never the other way round.
 */
export async function lockLogHead(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ size: string }>('SELECT size FROM log_head WHERE id FOR UPDATE');
  return Number(rows[0]!.size);
}

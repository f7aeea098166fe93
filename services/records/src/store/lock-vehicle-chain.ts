import type { PoolClient } from '@sh/shared/server';

/**
 * Locks a vehicle's chain head for the rest of the transaction (creating it when the vehicle is new) and answers
 * its length and head hash. Concurrent appends to one vehicle wait here, so its chain stays linear.
 */
export async function lockVehicleChain(
  client: PoolClient,
  registration: string,
): Promise<{ length: number; headHash: string | null }> {
  await client.query('INSERT INTO vehicle_chains (registration) VALUES ($1) ON CONFLICT (registration) DO NOTHING', [
    registration,
  ]);
  const { rows } = await client.query<{ length: number; head_hash: string | null }>(
    'SELECT length, head_hash FROM vehicle_chains WHERE registration = $1 FOR UPDATE',
    [registration],
  );
  const row = rows[0]!;
  return { length: row.length, headHash: row.head_hash };
}

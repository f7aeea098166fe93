import type { PoolClient } from '@sh/shared/server';

/**
 * Locks many vehicles' chain heads for the rest of the transaction, in registration order (creating those that are
 * new), and answers each one's length and head hash. Two writers that lock several vehicles take them in one order,
 * and all of them before the log's head (lockLogHead), so neither waits on the other in a circle.
 */
export async function lockVehicleChains(
  client: PoolClient,
  registrations: readonly string[],
): Promise<Map<string, { length: number; headHash: string | null }>> {
  const sorted = [...new Set(registrations)].sort();
  await client.query(
    `INSERT INTO vehicle_chains (registration) SELECT * FROM unnest($1::text[]) ORDER BY 1
     ON CONFLICT (registration) DO NOTHING`,
    [sorted],
  );
  const { rows } = await client.query<{ registration: string; length: number; head_hash: string | null }>(
    `SELECT registration, length, head_hash FROM vehicle_chains WHERE registration = ANY($1::text[])
      ORDER BY registration FOR UPDATE`,
    [sorted],
  );
  return new Map(rows.map((row) => [row.registration, { length: row.length, headHash: row.head_hash }]));
}

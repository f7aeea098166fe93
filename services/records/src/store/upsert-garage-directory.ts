import type { Queryable } from '@sh/shared/server';

/** Records or refreshes a garage's public name and address. */
export async function upsertGarageDirectory(
  db: Queryable,
  garage: { garageId: string; name: string; address: string },
): Promise<void> {
  await db.query(
    `INSERT INTO garage_directory (garage_id, name, address) VALUES ($1, $2, $3)
     ON CONFLICT (garage_id) DO UPDATE SET name = EXCLUDED.name, address = EXCLUDED.address, updated_at = now()`,
    [garage.garageId, garage.name, garage.address],
  );
}

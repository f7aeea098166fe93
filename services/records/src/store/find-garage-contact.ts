import type { Queryable } from '@sh/shared/server';

/** A garage's name, address, e-mail and public page's slug from the directory read model (null until its garage.registered arrives). */
export async function findGarageContact(
  db: Queryable,
  garageId: string,
): Promise<{ name: string; address: string; email: string | null; slug: string | null } | null> {
  const { rows } = await db.query<{ name: string; address: string; email: string | null; slug: string | null }>(
    'SELECT name, address, email, slug FROM garage_directory WHERE garage_id = $1',
    [garageId],
  );
  return rows[0] ?? null;
}

import type { Queryable } from '@sh/shared/server';

/**
 * Records or refreshes a garage's public name, address and page (its slug, once given it never changes), and the e-mail its receipts go to when known. An e-mail
 * set by a user.email_changed is newer than the one garage.registered carried, and is kept.
 */
export async function upsertGarageDirectory(
  db: Queryable,
  garage: { garageId: string; name: string; address: string; email?: string; slug?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO garage_directory (garage_id, name, address, email, slug) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (garage_id) DO UPDATE
       SET name = EXCLUDED.name, address = EXCLUDED.address, slug = COALESCE(EXCLUDED.slug, garage_directory.slug),
           email = CASE WHEN garage_directory.email_changed_at IS NULL THEN COALESCE(EXCLUDED.email, garage_directory.email)
                        ELSE garage_directory.email END,
           updated_at = now()`,
    [garage.garageId, garage.name, garage.address, garage.email ?? null, garage.slug ?? null],
  );
}

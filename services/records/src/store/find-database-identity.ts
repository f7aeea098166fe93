import type { Queryable } from '@sh/shared/server';

/** The identity of the database `db` reads (migration 005_database_identity.sql), or null before that migration. */
export async function findDatabaseIdentity(db: Queryable): Promise<string | null> {
  try {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM database_identity');
    return rows[0]?.id ?? null;
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return null; // no such table yet
    throw error;
  }
}

import type { Queryable } from '@sh/shared/server';

/** How many places of a garage's team are taken: its technicians and its open invitations. */
export async function countTeamPlaces(db: Queryable, garageId: string): Promise<number> {
  const { rows } = await db.query<{ places: number }>(
    `SELECT (SELECT count(*) FROM users WHERE garage_id = $1 AND role = 'technician')::int
          + (SELECT count(*) FROM technician_invitations
              WHERE garage_id = $1 AND accepted_at IS NULL AND expires_at > now())::int AS places`,
    [garageId],
  );
  return rows[0]!.places;
}

/** Whether this user is a technician of this garage. */
export async function isTechnicianOf(db: Queryable, garageId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query("SELECT 1 FROM users WHERE id = $1 AND garage_id = $2 AND role = 'technician'", [
    userId,
    garageId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Inserts a technician with a confirmed address (the invitation's link proved it) unless the e-mail is taken. */
export async function insertTechnician(
  db: Queryable,
  technician: { garageId: string; email: string; fullName: string; passwordHash: string },
): Promise<{ outcome: 'created'; id: string } | { outcome: 'email_taken' }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, garage_id, full_name, email_confirmed_at)
     VALUES ($1, $2, 'technician', $3, $4, now())
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [technician.email, technician.passwordHash, technician.garageId, technician.fullName],
  );
  const id = rows[0]?.id;
  return id ? { outcome: 'created', id } : { outcome: 'email_taken' };
}

/** The name of this garage's technician whose name is this one, ignoring case and outer spaces; null when none is. */
export async function findTechnicianName(db: Queryable, garageId: string, name: string): Promise<string | null> {
  return (await findTechnicianNames(db, garageId, [name]))[0] ?? null;
}

/**
 * For each name, in the order given and in one query, the name of this garage's technician so named (case and outer
 * spaces aside), or null: the one matching rule, which findTechnicianName asks with one name.
 */
export async function findTechnicianNames(
  db: Queryable,
  garageId: string,
  names: readonly string[],
): Promise<(string | null)[]> {
  const { rows } = await db.query<{ full_name: string | null }>(
    `SELECT (SELECT full_name FROM users
              WHERE garage_id = $1 AND role = 'technician' AND lower(full_name) = lower(btrim(asked.name))
              ORDER BY created_at LIMIT 1) AS full_name
       FROM unnest($2::text[]) WITH ORDINALITY AS asked(name, n)
      ORDER BY asked.n`,
    [garageId, names],
  );
  return rows.map((row) => row.full_name);
}

import type { Queryable } from '@sh/shared/server';
import type { TeamMemberRow } from './team-member-row.js';

/** A garage's technicians by name, then its open invitations (not accepted, not expired), newest first. */
export async function findGarageTeam(db: Queryable, garageId: string): Promise<TeamMemberRow[]> {
  const { rows } = await db.query<TeamMemberRow>(
    `SELECT id, full_name, email, status, since, expires_at FROM (
       SELECT u.id, u.full_name, u.email, 'active' AS status, u.created_at AS since, NULL::timestamptz AS expires_at,
              0 AS part, u.full_name AS sort_name
         FROM users u WHERE u.garage_id = $1 AND u.role = 'technician'
       UNION ALL
       SELECT i.id, i.full_name, i.email, 'invited', i.created_at, i.expires_at, 1, ''
         FROM technician_invitations i
        WHERE i.garage_id = $1 AND i.accepted_at IS NULL AND i.expires_at > now()
     ) team
     ORDER BY part, sort_name, since DESC, id`,
    [garageId],
  );
  return rows;
}

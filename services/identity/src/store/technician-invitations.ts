import type { Queryable } from '@sh/shared/server';
import type { TeamMemberRow } from './team-member-row.js';

/** Whether the garage has an open invitation (not accepted, not expired) to this e-mail. */
export async function hasOpenInvitation(db: Queryable, garageId: string, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM technician_invitations
      WHERE garage_id = $1 AND email = $2 AND accepted_at IS NULL AND expires_at > now()`,
    [garageId, email],
  );
  return (rowCount ?? 0) > 0;
}

/** Stores an invitation with its link's token hash; answers it as the team's list shows it. */
export async function insertTechnicianInvitation(
  db: Queryable,
  invitation: { garageId: string; email: string; fullName: string; tokenHash: string; expiresAt: Date },
): Promise<TeamMemberRow> {
  const { rows } = await db.query<TeamMemberRow>(
    `INSERT INTO technician_invitations (garage_id, email, full_name, token_hash, expires_at)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING id, full_name, email, 'invited' AS status, created_at AS since, expires_at`,
    [invitation.garageId, invitation.email, invitation.fullName, invitation.tokenHash, invitation.expiresAt],
  );
  return rows[0]!;
}

/** An open invitation of this token hash, marked accepted (once: a second use finds none); null when none is open. */
export async function consumeTechnicianInvitation(
  db: Queryable,
  tokenHash: string,
): Promise<{ id: string; garage_id: string; email: string; full_name: string } | null> {
  const { rows } = await db.query<{ id: string; garage_id: string; email: string; full_name: string }>(
    `UPDATE technician_invitations SET accepted_at = now()
      WHERE token_hash = $1 AND accepted_at IS NULL AND expires_at > now()
      RETURNING id, garage_id, email, full_name`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

/** Deletes a garage's open or expired invitation that was never accepted; answers whether there was one. */
export async function deleteTechnicianInvitation(db: Queryable, garageId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM technician_invitations WHERE id = $1 AND garage_id = $2 AND accepted_at IS NULL',
    [id, garageId],
  );
  return (rowCount ?? 0) > 0;
}

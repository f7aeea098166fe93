import { TEAM_MESSAGES, TECHNICIANS_PER_GARAGE, type TTeamMember } from '@sh/shared/contract';
import { AppError, garageIdOf, type Queryable, type TAuthClaims } from '@sh/shared/server';
import { findGarageTeam } from '../store/find-garage-team.js';
import type { TeamMemberRow } from '../store/team-member-row.js';

/** A technician or an invitation as the owner's list shows it. */
export function presentTeamMember(row: TeamMemberRow): TTeamMember {
  return {
    id: row.id,
    name: row.full_name,
    email: row.email,
    status: row.status,
    since: row.since.getTime(),
    expiresAt: row.expires_at ? row.expires_at.getTime() : null,
  };
}

/**
 * The garage its owner manages: the team's calls are the owner's alone (docs/product.md#the-garages-team), so a
 * technician (or anyone else) gets 403.
 */
export function ownedGarageOf(actor: TAuthClaims): string {
  if (actor.role !== 'garage') throw new AppError('forbidden', TEAM_MESSAGES.ownerOnly);
  return garageIdOf(actor);
}

/** The owner's garage's technicians and open invitations. */
export async function listGarageTeam(
  db: Queryable,
  actor: TAuthClaims,
): Promise<{ members: TTeamMember[]; limit: number }> {
  const rows = await findGarageTeam(db, ownedGarageOf(actor));
  return { members: rows.map(presentTeamMember), limit: TECHNICIANS_PER_GARAGE };
}

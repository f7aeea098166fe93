/** A technician of a garage or an open invitation to it, as the team's queries read them. */
export interface TeamMemberRow {
  id: string;
  full_name: string;
  email: string;
  status: 'invited' | 'active';
  since: Date;
  expires_at: Date | null;
}

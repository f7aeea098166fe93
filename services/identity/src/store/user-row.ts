/** A user as identity's queries read them, with whether the admin table lists them. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  role: 'garage' | 'none';
  email_confirmed_at: Date | null;
  /** Set while the user's garage is suspended by an admin: no sign-in, no refresh. */
  suspended_at: Date | null;
  is_admin: boolean;
}

/** The columns of a UserRow, selected from `users u`. */
export const USER_COLUMNS = `u.id, u.email, u.password_hash, u.role, u.email_confirmed_at, u.suspended_at,
  EXISTS (SELECT 1 FROM admin_users a WHERE a.user_id = u.id) AS is_admin`;

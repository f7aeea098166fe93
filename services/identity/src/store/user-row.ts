/** A user as identity's queries read them, with whether the admin table lists them. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  role: 'garage' | 'technician' | 'none';
  email_confirmed_at: Date | null;
  /** Set while the user's garage (a technician's: the garage they work for) is suspended by an admin: no sign-in, no refresh. */
  suspended_at: Date | null;
  is_admin: boolean;
  /** A technician's garage (its owner's user id) and name; null for anyone else. */
  garage_id: string | null;
  full_name: string | null;
}

/** The columns of a UserRow, selected from `users u`. */
export const USER_COLUMNS = `u.id, u.email, u.password_hash, u.role, u.email_confirmed_at,
  COALESCE(u.suspended_at, (SELECT o.suspended_at FROM users o WHERE o.id = u.garage_id)) AS suspended_at,
  EXISTS (SELECT 1 FROM admin_users a WHERE a.user_id = u.id) AS is_admin, u.garage_id, u.full_name`;

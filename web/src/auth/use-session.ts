/** The kinds of account SPEC.md section 4 knows. */
export type TUserRole = 'admin' | 'garage' | 'none';

/** The signed-in user as the header and route guards need them. */
export type TSessionUser = {
  id: string;
  email: string;
  role: TUserRole;
};

/**
 * Who is using the app. `loading` while a stored session is being restored; `signed-in` carries the
 * user, whether their garage has an active subscription, and how to sign out.
 */
export type TSession =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | {
      status: 'signed-in';
      user: TSessionUser;
      hasActiveSubscription: boolean;
      signOut: () => Promise<void>;
    };

const SIGNED_OUT: TSession = { status: 'signed-out' };

/**
 * The current session. Accounts arrive in a later issue; until then everyone is signed out, and every
 * auth-dependent part of the UI (header, LOG SERVICE) already reads its state from here.
 */
export function useSession(): TSession {
  return SIGNED_OUT;
}

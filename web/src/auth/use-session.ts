import type { TUserType } from '@sh/shared/contract';
import { useAuth } from './AuthProvider';
import { useSubscription } from './SubscriptionProvider';

/** The kinds of account (docs/product.md#what-it-is-for). */
export type TUserRole = TUserType;

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

/**
 * The session in one value, for the header and the home page: useAuth and useSubscription together.
 * Needs the AuthProvider and SubscriptionProvider that App puts around every page.
 */
export function useSession(): TSession {
  const auth = useAuth();
  const { hasActiveSubscription } = useSubscription();
  if (auth.status === 'loading') return { status: 'loading' };
  if (!auth.user) return { status: 'signed-out' };
  return {
    status: 'signed-in',
    user: { id: auth.user.id, email: auth.user.email, role: auth.user.userType },
    hasActiveSubscription,
    signOut: auth.logout,
  };
}

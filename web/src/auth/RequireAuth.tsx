import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { TUserType } from '@sh/shared/contract';
import { Spinner } from '../components/Spinner';
import { useAuth } from './AuthProvider';

/**
 * The route guard (docs/product.md#shared-frame). While the session is restored, or the user's type is not known yet,
 * a spinner shows. A visitor who is not signed in goes to /login. When `userType` is given and the user is
 * of another type, they also go to /login; the login page then sends a signed-in
 * admin or garage on to their own home (/admin or /garage), so a wrong-type visit ends where that user belongs.
 */
export function RequireAuth({ userType, children }: { userType?: TUserType; children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading' || (auth.status === 'signed-in' && !auth.userType)) {
    return <Spinner label="Checking your session…" />;
  }
  if (!auth.user) return <Navigate to={auth.hasLoggedOut ? '/' : '/login'} replace />;
  if (userType && auth.user.userType !== userType) return <Navigate to="/login" replace />;
  return <>{children}</>;
}

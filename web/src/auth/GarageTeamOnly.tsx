import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from './AuthProvider';

/**
 * The garage team's pages (/garage, /add-service; docs/product.md#the-garages-team): a garage's owner and its
 * technicians see them; anyone else signed in goes to /login, which sends them on to their own home. Inside a
 * RequireAuth, which has restored the session and knows the user's type. Lives with the lazy pages, not the first load.
 */
export function GarageTeamOnly({ children }: { children: ReactNode }) {
  const userType = useAuth().user?.userType;
  if (userType !== 'garage' && userType !== 'technician') return <Navigate to="/login" replace />;
  return <>{children}</>;
}

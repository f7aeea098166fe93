import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon } from './icons';

/** A text link back to where the visitor came from; `isOnDark` on a title band. */
export function BackLink({ to, isOnDark = false, children }: { to: string; isOnDark?: boolean; children: ReactNode }) {
  return (
    <Link to={to} className={isOnDark ? 'text-link text-link--on-dark' : 'text-link'}>
      <ArrowLeftIcon size={18} />
      {children}
    </Link>
  );
}

import type { TSession } from '../../auth/use-session';

export type TNavLink = { to: string; label: string };

const HOME: TNavLink = { to: '/', label: 'Home' };
const GARAGES: TNavLink = { to: '/garages', label: 'Garages' };
const INDIVIDUALS: TNavLink = { to: '/lookup', label: 'Individuals' };
const PRICING: TNavLink = { to: '/pricing', label: 'Pricing' };
const DASHBOARD: TNavLink = { to: '/garage', label: 'Dashboard' };
const ADMIN: TNavLink = { to: '/admin', label: 'Admin' };

/**
 * The header's links for this session (docs/product.md#shared-frame): an admin does not see Garages or Pricing and
 * gets Admin; a garage gets Dashboard and, once subscribed, no longer sees Pricing; a technician gets Dashboard, and
 * neither Garages nor Pricing (billing is the owner's).
 */
export function selectNavLinks(session: TSession): TNavLink[] {
  if (session.status !== 'signed-in') return [HOME, GARAGES, INDIVIDUALS, PRICING];
  switch (session.user.role) {
    case 'admin':
      return [HOME, INDIVIDUALS, ADMIN];
    case 'technician':
      return [HOME, INDIVIDUALS, DASHBOARD];
    case 'garage':
      return session.hasActiveSubscription
        ? [HOME, GARAGES, INDIVIDUALS, DASHBOARD]
        : [HOME, GARAGES, INDIVIDUALS, PRICING, DASHBOARD];
    case 'none':
      return [HOME, GARAGES, INDIVIDUALS, PRICING];
  }
}

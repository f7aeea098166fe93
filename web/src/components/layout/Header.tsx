import { useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { HEADER_HEIGHT_PX } from '@sh/shared/contract';
import { useSession, type TSession } from '../../auth/use-session';
import { BRAND } from '../../brand';
import { CrossIcon, MenuIcon } from '../icons';
import { Logo } from './Logo';
import { selectNavLinks } from './nav-links';
import { UserMenu } from './UserMenu';

const NAV_ID = 'site-navigation';

/**
 * The sticky site header: logo, main navigation, and the account area (Login when signed out, the user
 * menu when signed in). On narrow screens the navigation folds behind a menu toggle, which comes just
 * before the navigation in the DOM so that Tab moves from the toggle straight into the open menu.
 */
export function Header() {
  const session = useSession();
  const location = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The menu belongs to the page it was opened on, so any navigation closes it without an effect.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenAt === location.key;
  const links = selectNavLinks(session);

  function closeMenu() {
    setMenuOpenAt(null);
  }

  return (
    <header className="site-header" style={{ height: HEADER_HEIGHT_PX }}>
      <div className="container site-header__inner">
        <Link to="/" className="site-header__logo" aria-label={`${BRAND.name} home`}>
          <Logo />
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls={NAV_ID}
          aria-label="Menu"
          onClick={() => setMenuOpenAt(isMenuOpen ? null : location.key)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeMenu();
          }}
        >
          {isMenuOpen ? <CrossIcon size={22} /> : <MenuIcon size={22} />}
        </button>

        <nav
          id={NAV_ID}
          aria-label="Main"
          className={`site-nav${isMenuOpen ? ' is-open' : ''}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && isMenuOpen) {
              closeMenu();
              toggleRef.current?.focus();
            }
          }}
        >
          <ul className="site-nav__list">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className="site-nav__link" onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <AccountArea session={session} />
        </div>
      </div>
    </header>
  );
}

/** Login when signed out, the user menu when signed in, nothing while the session is restored. */
function AccountArea({ session }: { session: TSession }) {
  switch (session.status) {
    case 'loading':
      return null;
    case 'signed-out':
      return (
        <Link to="/login" className="button button--primary button--small">
          Login
        </Link>
      );
    case 'signed-in':
      return <UserMenu user={session.user} onSignOut={() => void session.signOut()} />;
  }
}

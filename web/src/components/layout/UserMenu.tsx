import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TSessionUser } from '../../auth/use-session';
import { ChevronDownIcon, PersonIcon } from '../icons';

/**
 * The signed-in user's menu: opens on hover (SPEC.md section 2) and on click or keyboard, and shows
 * "Signed in as {email}", Account and Logout.
 */
export function UserMenu({ user, onSignOut }: { user: TSessionUser; onSignOut: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  return (
    <div
      className={`user-menu${isOpen ? ' is-open' : ''}`}
      onMouseEnter={() => setIsOpen(true)}
      onMouseLeave={() => setIsOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setIsOpen(false);
      }}
    >
      <button
        type="button"
        className="user-menu__toggle"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <PersonIcon size={20} />
        <span className="user-menu__label">Account</span>
        <ChevronDownIcon size={16} />
      </button>
      <div id={menuId} className="user-menu__panel" hidden={!isOpen}>
        <p className="user-menu__who">
          Signed in as <strong>{user.email}</strong>
        </p>
        <Link to="/account" className="user-menu__item" onClick={() => setIsOpen(false)}>
          Account
        </Link>
        <button type="button" className="user-menu__item" onClick={onSignOut}>
          Logout
        </button>
      </div>
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TSessionUser } from '../../auth/use-session';
import { ChevronDownIcon, PersonIcon } from '../icons';

/**
 * The signed-in user's menu: opens on hover (docs/product.md#shared-frame), on keyboard focus and on click, and shows
 * "Signed in as {email}", Account and Logout. It closes when the pointer or the focus leaves it, or on Escape.
 */
export function UserMenu({ user, onSignOut }: { user: TSessionUser; onSignOut: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const isHovering = useRef(false);
  const menuId = useId();
  return (
    <div
      className={`user-menu${isOpen ? ' is-open' : ''}`}
      onMouseEnter={() => {
        isHovering.current = true;
        setIsOpen(true);
      }}
      onMouseLeave={() => {
        isHovering.current = false;
        setIsOpen(false);
      }}
      onFocus={() => setIsOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setIsOpen(false);
      }}
    >
      <button
        type="button"
        className="user-menu__toggle"
        aria-expanded={isOpen}
        aria-controls={menuId}
        // A pointer click on a menu the hover already opened keeps it open; Enter and Space toggle it.
        onClick={(event) => setIsOpen((open) => (event.detail > 0 && isHovering.current ? true : !open))}
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

import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useShopName } from '../../features/site/api/get-site-config';

const NAV_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/policy', label: 'Our Policy' },
  { to: '/contact', label: 'Contact' },
  { to: '/dashboard/profile', label: 'Dashboard' },
] as const;

const MENU_ID = 'main-menu';

export function Navbar() {
  const shopName = useShopName();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);

  // Close the (narrow-screen) menu whenever the page changes, however it changed (link, Go Back, history).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') setMenuOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <nav className="navbar container" aria-label="Main">
        <Link to="/" className="navbar__brand">
          <svg className="navbar__logo" aria-hidden="true" focusable="false" viewBox="0 0 32 32" width="32" height="32">
            <rect x="5" y="3" width="18" height="24" rx="3" fill="var(--color-primary)" transform="rotate(-8 14 15)" />
            <rect x="10" y="5" width="18" height="24" rx="3" fill="var(--color-accent)" transform="rotate(8 19 17)" />
            <path d="m19 11 1.6 3.3 3.6.5-2.6 2.5.6 3.6-3.2-1.7-3.2 1.7.6-3.6-2.6-2.5 3.6-.5Z" fill="#fff" />
          </svg>
          <span className="navbar__name">{shopName}</span>
        </Link>

        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span className="visually-hidden">Menu</span>
        </button>

        <ul id={MENU_ID} className="navbar__menu" data-open={menuOpen}>
          {NAV_LINKS.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} className="navbar__link">
                {label}
              </NavLink>
            </li>
          ))}
          <li className="navbar__cta">
            <NavLink to="/login" className="button button--primary navbar__login">
              Log in
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

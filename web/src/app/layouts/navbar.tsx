import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { cartItemCount, useCart } from '../../features/cart/api/get-cart';
import { SearchBox } from '../../features/catalogue/components/search-box';
import { useShopName } from '../../features/site/api/get-site-config';
import { useAuth } from '../../lib/auth/use-auth';
import { useT } from '../../lib/i18n/i18n';
import { LanguageSwitch } from '../../lib/i18n/language-switch';
import { NAVIGATION, PAGES } from '../routes';
import { shellMessages } from './messages/shell';
import { navLabel } from './nav-labels';
import { ShopLogo } from './shop-logo';

const MENU_ID = 'main-menu';

export function Navbar() {
  const t = useT(shellMessages);
  const shopName = useShopName();
  const { user } = useAuth();
  const { data: cartItems } = useCart(user?.email);
  const cartCount = cartItems ? cartItemCount(cartItems) : 0;
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
      <nav className="navbar container" aria-label={t('shell.nav.main')}>
        <Link to={PAGES.home.path} className="navbar__brand">
          <ShopLogo />
          <span className="navbar__name">{shopName}</span>
        </Link>

        {/* Outside the menu: a phone shows it too, on a row of its own. */}
        <SearchBox action={PAGES.search.path} />

        <LanguageSwitch />

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
          <span className="visually-hidden">{t('shell.nav.menu')}</span>
        </button>

        <ul id={MENU_ID} className="navbar__menu" data-open={menuOpen}>
          {NAVIGATION.main.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} className="navbar__link">
                {navLabel(t, 'shell', label)}
              </NavLink>
            </li>
          ))}
          <li className="navbar__cta">
            {user ? (
              <NavLink to={PAGES.cart.path} className="button button--primary navbar__login">
                <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
                  <path
                    d="M3 4h2l2.2 10.2a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L20.5 8H6.2"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                  <circle cx="9" cy="19" r="1.6" fill="currentColor" />
                  <circle cx="17" cy="19" r="1.6" fill="currentColor" />
                </svg>
                {t('shell.nav.cart')}
                {cartCount > 0 && (
                  <>
                    <span className="navbar__cart-count" aria-hidden="true" data-testid="cart-count">
                      {cartCount > 99 ? '99+' : cartCount}
                    </span>
                    <span className="visually-hidden"> {t('shell.nav.cartItems', { count: cartCount })}</span>
                  </>
                )}
              </NavLink>
            ) : (
              <NavLink to={PAGES.login.path} className="button button--primary navbar__login">
                {t('shell.nav.logIn')}
              </NavLink>
            )}
          </li>
        </ul>
      </nav>
    </header>
  );
}

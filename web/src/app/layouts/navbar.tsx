import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { categoryLabel, useCategories } from '../../features/catalogue/api/get-categories';
import { SearchBox } from '../../features/catalogue/components/search-box';
import { useShopName } from '../../features/site/api/get-site-config';
import { useAuth } from '../../lib/auth/use-auth';
import { useLanguage, useT } from '../../lib/i18n/i18n';
import { LanguageSwitch } from '../../lib/i18n/language-switch';
import { NAVIGATION, PAGES } from '../routes';
import { CartLink } from './cart-link';
import { shellMessages } from './messages/shell';
import { navLabel } from './nav-labels';
import { ShopLogo } from './shop-logo';

const MENU_ID = 'main-menu';

/** The most categories the header's menu lists (issue 33); All Products follows them, for the rest. */
export const MENU_CATEGORIES = 12;

/**
 * The shop's header: the name, the search, the language switch and the cart always in view (on a phone
 * on one row, the search on a row of its own below it: issue 33), then the menu (a drop-down panel
 * behind the Menu button on a narrow screen): the categories, the spec's links and Log in.
 */
export function Navbar() {
  const t = useT(shellMessages);
  const shopName = useShopName();
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const categoriesItem = useRef<HTMLLIElement>(null);

  // Close the (narrow-screen) menu whenever the page changes, however it changed (link, Go Back, history).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
    setCategoriesOpen(false);
  }

  useEffect(() => {
    if (!menuOpen && !categoriesOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        setCategoriesOpen(false);
      }
    }
    // The categories' drop-down closes too when a click lands outside it.
    function onPointerDown(event: PointerEvent) {
      if (categoriesItem.current && event.target instanceof Node && !categoriesItem.current.contains(event.target)) setCategoriesOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen, categoriesOpen]);

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

        <CartLink />

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
          <li className="navbar__categories" ref={categoriesItem}>
            <CategoriesMenu open={categoriesOpen} onToggle={() => setCategoriesOpen((open) => !open)} />
          </li>
          {NAVIGATION.main.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} className="navbar__link">
                {navLabel(t, 'shell', label)}
              </NavLink>
            </li>
          ))}
          {!user && (
            <li className="navbar__cta">
              <NavLink to={PAGES.login.path} className="button button--primary navbar__login">
                {t('shell.nav.logIn')}
              </NavLink>
            </li>
          )}
        </ul>
      </nav>
    </header>
  );
}

/** The Categories button and its list (a disclosure): the first MENU_CATEGORIES categories, then All Products. */
function CategoriesMenu({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const t = useT(shellMessages);
  const lang = useLanguage();
  const listId = useId();
  // The footer shows the same list: one request (prefetched with the page, routes.ts), cached.
  const { data: categories = [] } = useCategories();
  return (
    <>
      <button type="button" className="navbar__link navbar__categories-toggle" aria-expanded={open} aria-controls={listId} onClick={onToggle}>
        {t('shell.nav.categories')}
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16">
          <path d={open ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <ul id={listId} className="navbar__category-list" hidden={!open} data-testid="menu-categories">
        {open &&
          categories.slice(0, MENU_CATEGORIES).map((category) => (
            <li key={category._id ?? category.category}>
              <NavLink to={PAGES.category.link(category.category)} className="navbar__category-link">
                {categoryLabel(category, lang)}
              </NavLink>
            </li>
          ))}
        {open && (
          <li>
            <NavLink to={PAGES.allProducts.link()} className="navbar__category-link navbar__category-link--all">
              {t('shell.nav.allProducts')}
            </NavLink>
          </li>
        )}
      </ul>
    </>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { SearchBox } from '../../features/catalogue/components/search-box';
import { useShopName } from '../../features/site/api/get-site-config';
import { useFreshRole } from '../../lib/auth/me-query';
import { useAuth } from '../../lib/auth/use-auth';
import { useT } from '../../lib/i18n/i18n';
import { LanguageSwitch } from '../../lib/i18n/language-switch';
import { useRouteTitle } from '../use-route-title';
import { LoadingStatus } from '../../components/loading-status';
import { RouteErrorBoundary } from '../route-error-boundary';
import { dashboardMenu, PAGES } from '../routes';
import { CartLink } from './cart-link';
import { dashboardMessages } from './messages/dashboard';
import { navLabel } from './nav-labels';
import { NavigationProgress } from './navigation-progress';
import { ScrollToTop } from './scroll-to-top';
import { ShopLogo } from './shop-logo';
import { SkipLink } from './skip-link';

const MENU_ID = 'dashboard-menu';

/**
 * The dashboard's own shell (behind RequireUser): top bar with the shop's search, the user, the language
 * switch, the cart and Log Out (the cart, checkout and My Orders pages keep the shop header's search, language
 * and cart: issue 33), side menu by role: a customer's, or the staff's pages their role opens (issue 36).
 */
export function DashboardLayout() {
  useRouteTitle();
  const t = useT(dashboardMessages);
  const shopName = useShopName();
  const { user, role, logOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The role as the server says now (an admin may have changed it since the sign-in): the menu and
  // the pages' guards follow it.
  useFreshRole(Boolean(user));
  const menu = dashboardMenu(role);

  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const [leaving, setLeaving] = useState(false);

  // Close the narrow-screen menu whenever the page changes.
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

  async function handleLogOut() {
    setLeaving(true);
    // Leave the dashboard first, so that its guard does not send the user to /login on the way out.
    // flushSync: the router would otherwise render the new page in a transition, after the log-out (app-router.tsx).
    await navigate(PAGES.home.path, { replace: true, flushSync: true });
    await logOut();
  }

  const displayName = user ? user.name.trim() || user.email : '';

  return (
    <div className="dashboard-shell">
      <ScrollToTop />
      <SkipLink />
      <header className="dashboard-header">
        <div className="dashboard-header__inner">
          <button
            type="button"
            className="navbar__toggle dashboard-header__toggle"
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
            <span className="visually-hidden">{t('dashboard.toggle')}</span>
          </button>
          <Link to={PAGES.home.path} className="navbar__brand">
            <ShopLogo />
            <span className="navbar__name">{shopName}</span>
          </Link>
          <SearchBox action={PAGES.search.path} />
          <p className="dashboard-header__user" data-testid="dashboard-user">
            <span className="visually-hidden">{t('dashboard.signedInAs')}</span>
            {displayName}
          </p>
          <LanguageSwitch />
          <CartLink />
          <button type="button" className="button button--secondary dashboard-header__logout" disabled={leaving} onClick={handleLogOut}>
            {t('dashboard.logOut')}
          </button>
        </div>
      </header>
      <NavigationProgress />

      <div className="dashboard-body">
        <nav id={MENU_ID} className="dashboard-menu" aria-label={t('dashboard.menuName')} data-open={menuOpen}>
          <ul className="dashboard-menu__list">
            {menu.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} end={to === PAGES.home.path || to === PAGES.overview.path} className="dashboard-menu__link">
                  {navLabel(t, 'dashboard', label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="dashboard-main" tabIndex={-1}>
          <RouteErrorBoundary>
            <Suspense fallback={<LoadingStatus />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
    </div>
  );
}

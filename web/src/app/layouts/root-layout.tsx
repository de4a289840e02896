import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ShopPageFallback } from '../route-fallbacks';
import { RouteErrorBoundary } from '../route-error-boundary';
import { useRouteTitle } from '../use-route-title';
import { Navbar } from './navbar';
import { NavigationProgress } from './navigation-progress';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

// Below the fold and never in the first paint: its code comes after the entry chunk's (decision 038).
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

export function RootLayout() {
  useRouteTitle();

  return (
    <div className="app-shell">
      <ScrollToTop />
      <SkipLink />
      <Navbar />
      <NavigationProgress />
      <main id="main" className="site-main" tabIndex={-1}>
        <RouteErrorBoundary>
          <Suspense fallback={<ShopPageFallback />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}

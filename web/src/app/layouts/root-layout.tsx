import { Outlet } from 'react-router-dom';
import { useRouteTitle } from '../use-route-title';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { NavigationProgress } from './navigation-progress';
import { ScrollToTop } from './scroll-to-top';
import { SkipLink } from './skip-link';

export function RootLayout() {
  useRouteTitle();

  return (
    <div className="app-shell">
      <ScrollToTop />
      <SkipLink />
      <Navbar />
      <NavigationProgress />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

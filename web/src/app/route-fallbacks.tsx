import { matchPath, useLocation } from 'react-router-dom';
import { LoadingStatus } from '../components/loading-status';
import { Spinner } from '../components/spinner';
import { PAGES } from './routes';

/** What the shop layout shows while a page opened directly loads (its code, a product). */
export function ShopPageFallback() {
  const { pathname } = useLocation();
  return matchPath(PAGES.product.path, pathname) ? (
    <Spinner labelId="common.loadingProduct" fill />
  ) : (
    <Spinner labelId="common.loadingPage" fill />
  );
}

/** The dashboard's first load: it has no shop layout around it, so its fallback brings its own <main>. */
export function DashboardFallback() {
  const { pathname } = useLocation();
  if (!matchPath({ path: PAGES.dashboard.path, end: false }, pathname)) return null;
  return (
    <main id="main" className="site-main site-main--standalone">
      <LoadingStatus />
    </main>
  );
}

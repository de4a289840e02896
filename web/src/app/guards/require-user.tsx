import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingStatus } from '../../components/loading-status';
import { useAuth } from '../../lib/auth/use-auth';
import { PAGES } from '../routes';

type RequireUserProps = {
  children: ReactNode;
  /** True when the guard wraps a whole layout, so the loading message needs its own <main>. */
  standalone?: boolean;
};

/** Signed-in users only; others go to /login, which brings them back here afterwards. */
export function RequireUser({ children, standalone = false }: RequireUserProps) {
  const { user, loading } = useAuth();
  const location = useLocation();

  // A signed-in user stays on the page during an action (log-out); only an unknown session waits.
  if (loading && !user) {
    return standalone ? (
      <main id="main" className="site-main site-main--standalone">
        <LoadingStatus />
      </main>
    ) : (
      <LoadingStatus />
    );
  }
  if (!user) return <Navigate to={PAGES.login.link()} state={{ from: location }} replace />;
  return children;
}

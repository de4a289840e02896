import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../../lib/auth/auth-provider';
import { DashboardFallback } from '../route-fallbacks';

/**
 * Top of the route tree: the session is shared by the site and the dashboard, and can navigate. Its
 * Suspense boundary shows the dashboard's first load, and keeps the shop on screen while the dashboard's
 * code loads on the way there.
 */
export function AuthRoot() {
  return (
    <AuthProvider>
      <Suspense fallback={<DashboardFallback />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}

import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingStatus } from '../components/loading-status';
import { useAdminStatus } from '../features/users/api/get-admin-status';
import { useAuth } from '../lib/auth/use-auth';
import { PAGES } from './routes';

// The admin's page (and uPlot behind it) is fetched only once the server has said "admin".
const DashboardHomePage = lazy(() => import('../features/insights/pages/dashboard-home-page').then((m) => ({ default: m.DashboardHomePage })));

/**
 * /dashboard itself (inside the dashboard layout, behind RequireUser): an admin's sales overview, as
 * the server says (GET users/admin/:email); everyone else, and anyone while that check fails, goes
 * to the profile, where /dashboard always led.
 */
export function DashboardIndex() {
  const { user } = useAuth();
  const adminStatus = useAdminStatus(user?.email);
  if (adminStatus.isPending) return <LoadingStatus />;
  if (!adminStatus.data?.admin) return <Navigate to={PAGES.profile.path} replace />;
  return (
    <Suspense fallback={<LoadingStatus />}>
      <DashboardHomePage />
    </Suspense>
  );
}

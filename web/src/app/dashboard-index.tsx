import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadingStatus } from '../components/loading-status';
import { useAuth } from '../lib/auth/use-auth';
import { landingPage } from './routes';

// The overview (and uPlot behind it) is fetched only for a role that reads sales.
const DashboardHomePage = lazy(() => import('../features/insights/pages/dashboard-home-page').then((m) => ({ default: m.DashboardHomePage })));

/**
 * /dashboard itself (inside the dashboard layout, behind RequireUser): the sales overview for a role
 * that reads sales (admin, auditor); any other member of staff goes to the first page their role
 * opens (the order desk's orders, the packing page, the products), a customer to the profile, where
 * /dashboard always led (issue 36).
 */
export function DashboardIndex() {
  const { role, can } = useAuth();
  if (!can('sales.read')) return <Navigate to={landingPage(role)} replace />;
  return (
    <Suspense fallback={<LoadingStatus />}>
      <DashboardHomePage />
    </Suspense>
  );
}

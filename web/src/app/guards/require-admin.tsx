import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingStatus } from '../../components/loading-status';
import { useAdminStatus } from '../../features/users/api/get-admin-status';
import { useAuth } from '../../lib/auth/use-auth';
import { PAGES } from '../routes';

/** Admins only, as the server says (GET users/admin/:email); others go to /login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  const adminStatus = useAdminStatus(user?.email);

  if (loading && !user) return <LoadingStatus />;
  if (!user) return <Navigate to={PAGES.login.link()} state={{ from: location }} replace />;
  if (adminStatus.isPending) return <LoadingStatus />;
  if (adminStatus.isError) {
    // 401/403 already log out (see lib/api-client); this is an outage, which says nothing about the role.
    return (
      <p className="notice notice--error" role="alert">
        Could not check your access right now. Please try again in a moment.
      </p>
    );
  }
  if (!adminStatus.data.admin) return <Navigate to={PAGES.login.link()} state={{ from: location }} replace />;
  return children;
}

/** The admin pages' parent route: one guard around all of them. */
export function AdminOutlet() {
  return (
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>
  );
}

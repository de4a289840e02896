import type { ComponentType, ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isStaff } from '../../../../src/shared/permissions';
import { LoadingStatus } from '../../components/loading-status';
import type { PermissionNeed } from '../../lib/auth/auth-context';
import { useAuth } from '../../lib/auth/use-auth';
import { NotAllowedPage } from '../not-allowed-page';
import { PAGES } from '../routes';

/**
 * A page of the shop's staff (issue 36). A customer is sent to /login, as the admin pages always sent
 * non-admins (the spec); a member of staff whose role lacks `need` sees the not-allowed page, and the
 * page itself never renders: its calls would be answered 403, which ends the session.
 */
export function RequirePermission({ need, children }: { need: PermissionNeed; children: ReactNode }) {
  const { user, loading, role, can } = useAuth();
  const location = useLocation();

  if (loading && !user) return <LoadingStatus />;
  if (!user || role === null || !isStaff(role)) return <Navigate to={PAGES.login.link()} state={{ from: location }} replace />;
  if (!can(need)) return <NotAllowedPage role={role} />;
  return children;
}

/** `Page` behind RequirePermission: the router's staff pages, whose code carries the guard's. */
export function guarded(need: PermissionNeed, Page: ComponentType): ComponentType {
  return function GuardedPage() {
    return (
      <RequirePermission need={need}>
        <Page />
      </RequirePermission>
    );
  };
}

import { Outlet } from 'react-router-dom';
import { AuthProvider } from '../../lib/auth/auth-provider';

/** Top of the route tree: the session is shared by the site and the dashboard, and can navigate. */
export function AuthRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

// The dashboard's layout behind its guard, loaded lazily: no dashboard code is in the entry chunk.
import { RequireUser } from './guards/require-user';
import { DashboardLayout } from './layouts/dashboard-layout';

export function DashboardRoute() {
  return (
    <RequireUser standalone>
      <DashboardLayout />
    </RequireUser>
  );
}

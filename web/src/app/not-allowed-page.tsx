import { Link } from 'react-router-dom';
import type { StaffRole } from '../../../src/shared/permissions';
import { useT } from '../lib/i18n/i18n';
import { roleMessages, roleName } from '../lib/messages/roles';
import { dashboardMessages } from './layouts/messages/dashboard';
import { landingPage } from './routes';

/**
 * A page of the dashboard that the person's role does not open (issue 36): said plainly, with the way
 * to the first page they may use. Nothing is asked of the server (a 403 would end the session).
 */
export function NotAllowedPage({ role }: { role: StaffRole }) {
  const t = useT(dashboardMessages);
  const tRole = useT(roleMessages);
  return (
    <section className="dashboard-page not-allowed" aria-labelledby="not-allowed-title" data-testid="not-allowed">
      <h1 id="not-allowed-title" className="page__title">
        {t('dashboard.notAllowed.title')}
      </h1>
      <p className="page__lead">{t('dashboard.notAllowed.text', { role: roleName(tRole, role) })}</p>
      <p>
        <Link className="button button--primary" to={landingPage(role)}>
          {t('dashboard.notAllowed.back')}
        </Link>
      </p>
    </section>
  );
}

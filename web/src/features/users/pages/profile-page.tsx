import { useAuth } from '../../../lib/auth/use-auth';
import { useT } from '../../../lib/i18n/i18n';
import { roleMessages, roleName } from '../../../lib/messages/roles';
import { profileMessages } from '../messages/profile';

export function ProfilePage() {
  const { user, role } = useAuth();
  const t = useT(profileMessages);
  const tRole = useT(roleMessages);
  // The dashboard is behind RequireUser; this only guards a render during log-out.
  if (!user || !role) return null;
  const displayName = user.name.trim() || user.email;

  return (
    <section className="dashboard-page" aria-labelledby="profile-title">
      <h1 id="profile-title" className="page__title">
        {t('profile.welcome', { name: displayName })}
      </h1>
      <p className="page__lead">{t('profile.lead')}</p>
      <dl className="contact-list page__section profile-details">
        <div className="contact-list__item">
          <dt>{t('profile.name')}</dt>
          <dd>{displayName}</dd>
        </div>
        <div className="contact-list__item">
          <dt>{t('profile.email')}</dt>
          <dd>{user.email}</dd>
        </div>
        <div className="contact-list__item">
          <dt>{t('profile.role')}</dt>
          <dd data-testid="profile-role">{roleName(tRole, role)}</dd>
        </div>
      </dl>
    </section>
  );
}

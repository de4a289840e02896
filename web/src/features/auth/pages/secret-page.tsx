import { useT } from '../../../lib/i18n/i18n';
import { authMessages } from '../messages/auth';

/** Login-protected placeholder (the route is wrapped in RequireUser). */
export function SecretPage() {
  const t = useT(authMessages);
  return (
    <section className="page container container--narrow" aria-labelledby="secret-title">
      <h1 id="secret-title" className="page__title">
        {t('auth.secret.title')}
      </h1>
      <p className="page__lead">{t('auth.secret.lead')}</p>
    </section>
  );
}

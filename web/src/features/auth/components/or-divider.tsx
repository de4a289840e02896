import { useT } from '../../../lib/i18n/i18n';
import { authMessages } from '../messages/auth';

export function OrDivider() {
  const t = useT(authMessages);
  return (
    <p className="auth-divider">
      <span>{t('auth.or')}</span>
    </p>
  );
}

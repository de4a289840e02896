import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isStrongPassword } from '../../../../../src/shared/password-rule';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure } from '../../../lib/error-message';
import { PasswordField } from '../../../components/password-field';
import { useT } from '../../../lib/i18n/i18n';
import { authMessages } from '../messages/auth';
import { PAGES } from '../../../app/routes';

/** Target of the local provider's reset mail: /reset-password?token=... */
export function ResetPasswordPage() {
  const { confirmPasswordReset } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);
  const t = useT(authMessages);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirmation = String(form.get('confirmPassword') ?? '');
    const swal = loadSwal();

    if (!isStrongPassword(password)) {
      void (await swal).fire({ icon: 'warning', title: t('auth.invalidPassword'), text: t('auth.weakPassword') });
      return;
    }
    if (password !== confirmation) {
      void (await swal).fire({ icon: 'warning', title: t('auth.newPassword.mismatchTitle'), text: t('auth.newPassword.mismatchText') });
      return;
    }

    setBusy(true);
    try {
      const message = await confirmPasswordReset(token, password);
      await navigate(PAGES.login.link(), { replace: true });
      void (await swal).fire({ icon: 'success', title: t('auth.newPassword.changed'), text: message });
    } catch (error) {
      // An invalid or expired link answers 400 auth/reset-token-invalid with the server's explanation.
      const failure = await describeFailure(error);
      void (await swal).fire({ icon: 'error', title: t('auth.error'), text: failure.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page container auth-page" aria-labelledby="reset-title">
      <div className="auth-card">
        <h1 id="reset-title" className="auth-card__title">
          {t('auth.newPassword.title')}
        </h1>
        {token === '' ? (
          <>
            <p className="notice notice--error" role="alert">
              {t('auth.newPassword.incomplete')}
            </p>
            <p className="auth-card__switch">
              <Link to={PAGES.login.link()}>{t('auth.newPassword.goToLogin')}</Link>
            </p>
          </>
        ) : (
          <>
            <p className="auth-card__lead">{t('auth.newPassword.lead')}</p>
            <form className="form" onSubmit={handleSubmit} aria-labelledby="reset-title">
              <PasswordField
                id="reset-password"
                name="password"
                label={t('auth.newPassword.label')}
                toggleLabel={t('auth.showPassword')}
                autoComplete="new-password"
                hint={t('auth.passwordHint')}
              />
              <PasswordField
                id="reset-password-confirm"
                name="confirmPassword"
                label={t('auth.newPassword.confirm')}
                autoComplete="new-password"
                toggleLabel={t('auth.newPassword.showConfirmed')}
              />
              <button type="submit" className="button button--primary form__submit" disabled={busy}>
                {busy ? t('auth.newPassword.busy') : t('auth.newPassword.submit')}
              </button>
            </form>
            <p className="auth-card__switch">
              {t('auth.newPassword.remembered')} <Link to={PAGES.login.link()}>{t('auth.newPassword.logIn')}</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

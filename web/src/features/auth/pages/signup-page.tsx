import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { Link, useNavigate } from 'react-router-dom';
import { isStrongPassword } from '../../../../../src/shared/password-rule';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure } from '../../../lib/error-message';
import { PasswordField } from '../../../components/password-field';
import { GoogleSignIn } from '../components/google-sign-in';
import { OrDivider } from '../components/or-divider';
import { useT } from '../../../lib/i18n/i18n';
import { authMessages } from '../messages/auth';
import { PAGES } from '../../../app/routes';

const CANCELLED_POPUP_CODES = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

export function SignupPage() {
  const { signUp, logInWithGoogle, googleSignIn, provider } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const t = useT(authMessages);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const swal = loadSwal();

    if (!isStrongPassword(password)) {
      void (await swal).fire({ icon: 'warning', title: t('auth.invalidPassword'), text: t('auth.weakPassword') });
      return;
    }

    setBusy(true);
    try {
      await signUp(name, email, password);
      await navigate(PAGES.home.link());
      void (await swal).fire({ icon: 'success', title: t('auth.signup.success') });
    } catch (error) {
      // 409: the email is taken; 400: the server's own checks; 429: too many attempts.
      const failure = await describeFailure(error);
      void (await swal).fire({ icon: 'error', title: t('auth.error'), text: failure.message });
    } finally {
      setBusy(false);
    }
  }

  async function handleGoogle() {
    // No await before the popup opens: browsers block popups that are not opened from the click itself.
    const signingIn = logInWithGoogle();
    const swal = loadSwal();
    setBusy(true);
    try {
      await signingIn;
      await navigate(PAGES.home.link());
      void (await swal).fire({ icon: 'success', title: t('auth.loginSuccess') });
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.code && CANCELLED_POPUP_CODES.has(failure.code)) return;
      void (await swal).fire({ icon: 'error', title: t('auth.error'), text: failure.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page container auth-page" aria-labelledby="signup-title">
      <div className="auth-card">
        <h1 id="signup-title" className="auth-card__title">
          {t('auth.signup.title')}
        </h1>
        <p className="auth-card__lead">{t('auth.signup.lead')}</p>

        <GoogleSignIn available={googleSignIn} known={provider !== null} busy={busy} onClick={handleGoogle} />
        <OrDivider />

        <form className="form" onSubmit={handleSubmit} aria-labelledby="signup-title">
          <FormField label={t('auth.signup.name')} id="signup-name">
            {(control) => <input {...control} name="name" type="text" autoComplete="name" required />}
          </FormField>
          <FormField label={t('auth.email')} id="signup-email">
            {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
          </FormField>
          <PasswordField
            id="signup-password"
            name="password"
            label={t('auth.password')}
            toggleLabel={t('auth.showPassword')}
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
          />
          <button type="submit" className="button button--primary form__submit" disabled={busy}>
            {busy ? t('auth.signup.busy') : t('auth.signup.submit')}
          </button>
        </form>

        <p className="auth-card__switch">
          {t('auth.signup.haveAccount')} <Link to={PAGES.login.link()}>{t('auth.signup.logIn')}</Link>
        </p>
      </div>
    </section>
  );
}

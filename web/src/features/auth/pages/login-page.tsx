import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { LoginRedirectState } from '../../../lib/auth/auth-provider';
import { EMAIL_PATTERN } from '../../../lib/email-pattern';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure, type FailureInfo } from '../../../lib/error-message';
import { PasswordField } from '../../../components/password-field';
import { GoogleSignIn } from '../components/google-sign-in';
import { OrDivider } from '../components/or-divider';
import { useT } from '../../../lib/i18n/i18n';
import { authMessages } from '../messages/auth';
import { PAGES } from '../../../app/routes';

// Firebase's answers to a bad email/password pair; the local server answers 401 auth/invalid-credentials.
const CREDENTIAL_CODES = new Set(['auth/invalid-credential', 'auth/wrong-password', 'auth/user-not-found', 'auth/invalid-email']);

/** A wrong pair gets the spec's dialog; a rate limit or an outage must not be reported as one. */
function isWrongCredentials(failure: FailureInfo): boolean {
  if (failure.status !== undefined) return failure.status === 400 || failure.status === 401;
  return failure.code !== undefined && CREDENTIAL_CODES.has(failure.code);
}

/** Popup closed or replaced by the user: nothing to report. */
const CANCELLED_POPUP_CODES = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

export function LoginPage() {
  const { logIn, logInWithGoogle, resetPassword, googleSignIn, provider } = useAuth();
  const navigate = useNavigate();
  const state = useLocation().state as LoginRedirectState | null;
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const t = useT(authMessages);

  const target = state?.from ? `${state.from.pathname}${state.from.search ?? ''}` : PAGES.home.link();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const swal = loadSwal();
    setBusy(true);
    try {
      await logIn(email, password);
      await navigate(target, { replace: true });
      void (await swal).fire({ icon: 'success', title: t('auth.loginSuccess') });
    } catch (error) {
      const failure = await describeFailure(error);
      const Swal = await swal;
      if (isWrongCredentials(failure)) {
        void Swal.fire({ icon: 'error', title: t('auth.wrongCredentials'), confirmButtonText: t('auth.okay') });
      } else {
        void Swal.fire({ icon: 'error', title: t('auth.error'), text: failure.message, confirmButtonText: t('auth.okay') });
      }
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
      await navigate(target, { replace: true });
      void (await swal).fire({ icon: 'success', title: t('auth.loginSuccess') });
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.code && CANCELLED_POPUP_CODES.has(failure.code)) return;
      void (await swal).fire({ icon: 'error', title: t('auth.error'), text: failure.message });
    } finally {
      setBusy(false);
    }
  }

  async function handleForgotPassword() {
    const Swal = await loadSwal();
    const result = await Swal.fire({
      title: t('auth.reset.title'),
      text: t('auth.reset.text'),
      input: 'email',
      inputLabel: t('auth.reset.inputLabel'),
      inputValue: emailRef.current?.value.trim() ?? '',
      inputPlaceholder: 'you@example.com',
      inputAttributes: { autocomplete: 'email' },
      showCancelButton: true,
      confirmButtonText: t('auth.reset.send'),
      inputValidator: (value) => (EMAIL_PATTERN.test(value.trim()) ? null : t('auth.reset.invalidEmail')),
      showLoaderOnConfirm: true,
      preConfirm: async (value: string) => {
        try {
          await resetPassword(value.trim());
          return { sent: true } as const;
        } catch (error) {
          return { sent: false, failure: await describeFailure(error) } as const;
        }
      },
      allowOutsideClick: () => !Swal.isLoading(),
    });
    if (!result.isConfirmed || !result.value) return;
    if (result.value.sent) {
      void Swal.fire({ icon: 'success', title: t('auth.reset.sentTitle'), text: t('auth.reset.sentText') });
    } else {
      void Swal.fire({ icon: 'error', title: t('auth.error'), text: result.value.failure.message });
    }
  }

  return (
    <section className="page container auth-page" aria-labelledby="login-title">
      <div className="auth-card">
        <h1 id="login-title" className="auth-card__title">
          {t('auth.login.title')}
        </h1>
        <p className="auth-card__lead">{t('auth.login.lead')}</p>

        {state?.sessionExpired && (
          <p className="notice auth-card__notice" role="status">
            {t('auth.login.sessionEnded')}
          </p>
        )}

        <GoogleSignIn available={googleSignIn} known={provider !== null} busy={busy} onClick={handleGoogle} />
        <OrDivider />

        <form className="form" onSubmit={handleSubmit} aria-labelledby="login-title">
          <FormField label={t('auth.email')} id="login-email">
            {(control) => <input {...control} ref={emailRef} name="email" type="email" autoComplete="email" required />}
          </FormField>
          <PasswordField id="login-password" name="password" label={t('auth.password')} toggleLabel={t('auth.showPassword')} autoComplete="current-password" />
          <div className="form__row">
            <button type="button" className="link-button" onClick={handleForgotPassword}>
              {t('auth.login.forgot')}
            </button>
          </div>
          <button type="submit" className="button button--primary form__submit" disabled={busy}>
            {busy ? t('auth.login.busy') : t('auth.login.submit')}
          </button>
        </form>

        <p className="auth-card__switch">
          {t('auth.login.newHere')} <Link to={PAGES.signup.link()}>{t('auth.login.createAccount')}</Link>
        </p>
      </div>
    </section>
  );
}

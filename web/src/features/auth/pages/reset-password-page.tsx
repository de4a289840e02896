import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isStrongPassword, weakPasswordMessage } from '../../../../../src/shared/password-rule';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure } from '../../../lib/error-message';
import { PasswordField } from '../../../components/password-field';

/** Target of the local provider's reset mail: /reset-password?token=... */
export function ResetPasswordPage() {
  const { confirmPasswordReset } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const confirmation = String(form.get('confirmPassword') ?? '');
    const swal = loadSwal();

    if (!isStrongPassword(password)) {
      void (await swal).fire({ icon: 'warning', title: 'Invalid Password', text: weakPasswordMessage });
      return;
    }
    if (password !== confirmation) {
      void (await swal).fire({ icon: 'warning', title: 'Passwords do not match', text: 'Please type the same new password twice.' });
      return;
    }

    setBusy(true);
    try {
      const message = await confirmPasswordReset(token, password);
      await navigate('/login', { replace: true });
      void (await swal).fire({ icon: 'success', title: 'Password Changed', text: message });
    } catch (error) {
      // An invalid or expired link answers 400 auth/reset-token-invalid with the server's explanation.
      const failure = await describeFailure(error);
      void (await swal).fire({ icon: 'error', title: 'Error', text: failure.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page container auth-page" aria-labelledby="reset-title">
      <div className="auth-card">
        <h1 id="reset-title" className="auth-card__title">
          Choose a new password
        </h1>
        {token === '' ? (
          <>
            <p className="notice notice--error" role="alert">
              This password reset link is incomplete. Ask for a new one with “Forgot password?” on the log-in page.
            </p>
            <p className="auth-card__switch">
              <Link to="/login">Go to log in</Link>
            </p>
          </>
        ) : (
          <>
            <p className="auth-card__lead">Pick a new password for your account.</p>
            <form className="form" onSubmit={handleSubmit} aria-labelledby="reset-title">
              <PasswordField
                id="reset-password"
                name="password"
                label="New password"
                autoComplete="new-password"
                hint="At least 8 characters, with a letter, a number and a special character."
              />
              <PasswordField
                id="reset-password-confirm"
                name="confirmPassword"
                label="Confirm new password"
                autoComplete="new-password"
                toggleLabel="Show confirmed password"
              />
              <button type="submit" className="button button--primary form__submit" disabled={busy}>
                {busy ? 'Saving...' : 'Save new password'}
              </button>
            </form>
            <p className="auth-card__switch">
              Remembered it? <Link to="/login">Log in</Link>
            </p>
          </>
        )}
      </div>
    </section>
  );
}

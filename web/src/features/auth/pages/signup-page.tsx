import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { Link, useNavigate } from 'react-router-dom';
import { isStrongPassword, weakPasswordMessage } from '../../../../../src/shared/password-rule';
import { useAuth } from '../../../lib/auth/use-auth';
import { loadSwal } from '../../../lib/dialog';
import { describeFailure } from '../../../lib/error-message';
import { PasswordField } from '../../../components/password-field';
import { GoogleSignIn } from '../components/google-sign-in';
import { OrDivider } from '../components/or-divider';

const CANCELLED_POPUP_CODES = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

export function SignupPage() {
  const { signUp, logInWithGoogle, googleSignIn, provider } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const swal = loadSwal();

    if (!isStrongPassword(password)) {
      void (await swal).fire({ icon: 'warning', title: 'Invalid Password', text: weakPasswordMessage });
      return;
    }

    setBusy(true);
    try {
      await signUp(name, email, password);
      await navigate('/');
      void (await swal).fire({ icon: 'success', title: 'Sign up Successful.' });
    } catch (error) {
      // 409: the email is taken; 400: the server's own checks; 429: too many attempts.
      const failure = await describeFailure(error);
      void (await swal).fire({ icon: 'error', title: 'Error', text: failure.message });
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
      await navigate('/');
      void (await swal).fire({ icon: 'success', title: 'Login Successful' });
    } catch (error) {
      const failure = await describeFailure(error);
      if (failure.code && CANCELLED_POPUP_CODES.has(failure.code)) return;
      void (await swal).fire({ icon: 'error', title: 'Error', text: failure.message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page container auth-page" aria-labelledby="signup-title">
      <div className="auth-card">
        <h1 id="signup-title" className="auth-card__title">
          Sign up
        </h1>
        <p className="auth-card__lead">Create an account to keep a cart and order with cash on delivery.</p>

        <GoogleSignIn available={googleSignIn} known={provider !== null} busy={busy} onClick={handleGoogle} />
        <OrDivider />

        <form className="form" onSubmit={handleSubmit} aria-labelledby="signup-title">
          <FormField label="Name" id="signup-name">
            {(control) => <input {...control} name="name" type="text" autoComplete="name" required />}
          </FormField>
          <FormField label="Email" id="signup-email">
            {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
          </FormField>
          <PasswordField
            id="signup-password"
            name="password"
            label="Password"
            autoComplete="new-password"
            hint="At least 8 characters, with a letter, a number and a special character."
          />
          <button type="submit" className="button button--primary form__submit" disabled={busy}>
            {busy ? 'Signing up...' : 'Sign up'}
          </button>
        </form>

        <p className="auth-card__switch">
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      </div>
    </section>
  );
}

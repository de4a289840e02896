import { useId } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { authMessages } from '../messages/auth';

type GoogleSignInProps = {
  /** From the server's config; false also while the config is unknown. */
  available: boolean;
  /** True once the config has answered, so "not available" is only said when it is known. */
  known: boolean;
  busy: boolean;
  onClick: () => void;
};

/** The social login block, shown above the "OR" divider of the login and sign-up forms. */
export function GoogleSignIn({ available, known, busy, onClick }: GoogleSignInProps) {
  const noteId = useId();
  const t = useT(authMessages);
  const unavailable = known && !available;

  return (
    <div className="auth-social">
      <button
        type="button"
        className="button button--secondary auth-social__google"
        disabled={!available || busy}
        aria-describedby={unavailable ? noteId : undefined}
        onClick={onClick}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.8 3.3-8.1Z" />
          <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1-3.8 1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23Z" />
          <path fill="#FBBC05" d="M5.7 14a6.6 6.6 0 0 1 0-4.1V7.1H2.1a11 11 0 0 0 0 9.8L5.7 14Z" />
          <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1L5.7 10C6.6 7.4 9.1 5.4 12 5.4Z" />
        </svg>
        {t('auth.google.continue')}
      </button>
      {unavailable && (
        <p id={noteId} className="form-field__hint auth-social__note">
          {t('auth.google.unavailable')}
        </p>
      )}
    </div>
  );
}

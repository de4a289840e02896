import { useState } from 'react';

type PasswordFieldProps = {
  id: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** Accessible name of the show/hide button; its pressed state says whether the text is shown. */
  toggleLabel?: string;
  /** Shown under the field and read with it (e.g. the password rule). */
  hint?: string;
};

export function PasswordField({ id, name, label, autoComplete, toggleLabel = 'Show password', hint }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;

  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="password-input">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className="form-field__input password-input__field"
          autoComplete={autoComplete}
          aria-describedby={hintId}
          required
        />
        <button
          type="button"
          className="password-input__toggle"
          aria-pressed={visible}
          aria-controls={id}
          title={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {visible && <path d="M4 4l16 16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
          </svg>
          <span className="visually-hidden">{toggleLabel}</span>
        </button>
      </div>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useT } from '../lib/i18n/i18n';
import { FormField } from './form-field';
import { fieldsMessages } from './messages/fields';

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

export function PasswordField({ id, name, label, autoComplete, toggleLabel, hint }: PasswordFieldProps) {
  const t = useT(fieldsMessages);
  const [visible, setVisible] = useState(false);

  return (
    <FormField label={label} id={id} hint={hint} controlClassName="password-input__field">
      {(control) => (
        <div className="password-input">
          <input {...control} name={name} type={visible ? 'text' : 'password'} autoComplete={autoComplete} required />
          <button
            type="button"
            className="password-input__toggle"
            aria-pressed={visible}
            aria-controls={id}
            title={t(visible ? 'fields.hidePassword' : 'fields.showPassword')}
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
            <span className="visually-hidden">{toggleLabel ?? t('fields.showPassword')}</span>
          </button>
        </div>
      )}
    </FormField>
  );
}

import type { ImageSlot } from '../lib/use-image-uploads';
import { useLanguage, useT } from '../lib/i18n/i18n';
import { formatNumber } from '../../../src/shared/locale-format';
import { imageFieldMessages } from './messages/image-field';

type ImageFileFieldProps = {
  id: string;
  /** Visible name, e.g. "Photo 1"; " (required)" is added when `required`. */
  name: string;
  required?: boolean;
  slot: ImageSlot;
  onFileChange: (file: File | null) => void;
  disabled?: boolean;
  hint?: string;
};

/**
 * A photo input of an admin form with a preview, the upload's progress and its error.
 * No `required` attribute even for a required photo: the form checks it and says so in a dialog.
 */
export function ImageFileField({ id, name, required = false, slot, onFileChange, disabled, hint }: ImageFileFieldProps) {
  const t = useT(imageFieldMessages);
  const lang = useLanguage();
  const label = required ? t('imageField.required', { name }) : name;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = slot.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const percent = slot.progress === null ? null : Math.round(slot.progress * 100);

  return (
    <div className="form-field image-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="image-field__row">
        <div className="image-field__preview" aria-hidden={slot.preview ? undefined : true}>
          {slot.preview ? (
            <img
              key={slot.preview}
              src={slot.preview}
              alt={`Chosen ${name.toLowerCase()}`}
              width={72}
              height={72}
              // A file the browser cannot show (not an image after all): no broken-image icon.
              onError={(event) => {
                event.currentTarget.hidden = true;
              }}
            />
          ) : (
            <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
              <path
                d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
              <circle cx="15.5" cy="9" r="1.5" fill="currentColor" />
            </svg>
          )}
        </div>
        <div className="image-field__controls">
          <input
            id={id}
            name={id}
            type="file"
            accept="image/*"
            className="image-field__input"
            aria-describedby={describedBy}
            aria-invalid={slot.error ? true : undefined}
            disabled={disabled}
            onChange={(event) => onFileChange(event.currentTarget.files?.[0] ?? null)}
          />
          {percent !== null && (
            <div className="image-field__progress">
              <progress max={100} value={percent} aria-label={t('imageField.progress')} />
              <span className="image-field__percent">{percent === 100 && slot.url ? t('imageField.uploaded') : t('imageField.percent', { percent: formatNumber(percent, lang) })}</span>
            </div>
          )}
        </div>
      </div>
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {slot.error && (
        <p id={errorId} className="form-field__error" role="alert">
          {slot.error}
        </p>
      )}
    </div>
  );
}

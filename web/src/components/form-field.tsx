import { useId, type ReactNode } from 'react';

/** What the field's control (input, select, textarea) takes from it, spread onto the control. */
export type FieldControlProps = {
  id: string;
  className: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

type FormFieldProps = {
  label: ReactNode;
  /** The control's id; one from useId when none is needed elsewhere (a test, another element). */
  id?: string;
  /** Read with the control (`{id}-hint`), e.g. the expected format. */
  hint?: ReactNode;
  /** Shown and read with the control (`{id}-error`), which is then marked invalid. */
  error?: string;
  /** Ids of other elements that describe the control, read after the hint and the error. */
  describedBy?: string;
  /** Extra classes of the control, after `form-field__input`. */
  controlClassName?: string;
  className?: string;
  /** The control, given the props that wire it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form control with its hint and error: the one place where a field's label, ids and
 * aria-describedby / aria-invalid are wired, e.g.
 * `<FormField label="Address" error={errors.address}>{(control) => <textarea {...control} name="address" />}</FormField>`.
 */
export function FormField({ label, id, hint, error, describedBy, controlClassName, className, children }: FormFieldProps) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ');

  return (
    <div className={className ? `form-field ${className}` : 'form-field'}>
      <label className="form-field__label" htmlFor={controlId}>
        {label}
      </label>
      {children({
        id: controlId,
        className: controlClassName ? `form-field__input ${controlClassName}` : 'form-field__input',
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

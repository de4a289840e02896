import { useT } from '../lib/i18n/i18n';
import { commonMessages, type CommonId } from '../lib/messages/common';

type SpinnerProps = {
  /** Accessible name of the status region. */
  label?: string;
  /** A common message as the label, when the caller has no `t` of its own (a route's fallback). */
  labelId?: CommonId;
  /**
   * Holds a screen's height while a whole page (or its main list) loads, so that the footer waits below
   * the fold instead of showing and then being pushed down when the content comes (layout shift).
   */
  fill?: boolean;
  /** Shown only after a moment (index.html's shell, static-shell.tsx): a quick load never flashes it. */
  late?: boolean;
};

export function Spinner({ label: given, labelId = 'common.loading', fill = false, late = false }: SpinnerProps) {
  const t = useT(commonMessages);
  const label = given ?? t(labelId);
  return (
    <div className={`spinner${fill ? ' spinner--fill' : ''}${late ? ' spinner--late' : ''}`} role="status" aria-label={label}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

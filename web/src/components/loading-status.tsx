import { useT } from '../lib/i18n/i18n';
import { commonMessages } from '../lib/messages/common';

type LoadingStatusProps = {
  /** Visible and announced text. */
  label?: string;
};

/** A polite "still working" message with a spinner, for pages waiting on the session or a permission check. */
export function LoadingStatus({ label }: LoadingStatusProps) {
  const t = useT(commonMessages);
  return (
    <div className="loading-status" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span>{label ?? t('common.loadingDots')}</span>
    </div>
  );
}

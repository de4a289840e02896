type LoadingStatusProps = {
  /** Visible and announced text. */
  label?: string;
};

/** A polite "still working" message with a spinner, for pages waiting on the session or a permission check. */
export function LoadingStatus({ label = 'Loading...' }: LoadingStatusProps) {
  return (
    <div className="loading-status" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

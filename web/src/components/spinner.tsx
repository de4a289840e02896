type SpinnerProps = {
  /** Accessible name of the status region. */
  label?: string;
  /**
   * Holds a screen's height while a whole page (or its main list) loads, so that the footer waits below
   * the fold instead of showing and then being pushed down when the content comes (layout shift).
   */
  fill?: boolean;
};

export function Spinner({ label = 'Loading', fill = false }: SpinnerProps) {
  return (
    <div className={fill ? 'spinner spinner--fill' : 'spinner'} role="status" aria-label={label}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

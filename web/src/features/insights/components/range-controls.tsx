import type { FormEvent } from 'react';
import { useShown } from '../../../lib/use-shown';
import { BUCKETS, dayOf, RANGE_PRESETS, type Bucket, type DashboardChange, type DashboardState } from '../dashboard-state';

const BUCKET_LABELS: Record<Bucket, string> = { day: 'Day', week: 'Week', month: 'Month' };

/**
 * The chart's range: a preset (7, 30, 90 days, 12 months), applied at once, or days of the admin's
 * own, applied with Show (a change per keystroke would make a history entry each); and its bucket.
 */
export function RangeControls({ state, change }: { state: DashboardState; change: (change: DashboardChange) => void }) {
  const [from, setFrom] = useShown(state.from);
  const [to, setTo] = useShown(state.to);
  const [bucket, setBucket] = useShown<Bucket>(state.bucket);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [low, high] = [dayOf(from), dayOf(to)];
    if (low !== undefined && high !== undefined) change({ range: 'custom', from: low, to: high });
  }

  return (
    <div className="list-controls insight-range">
      <div className="insight-range__presets" role="group" aria-label="Range">
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset.value}
            type="button"
            className="button button--small insight-range__preset"
            aria-pressed={state.range === preset.value}
            onClick={() => change({ range: preset.value })}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <form className="insight-range__custom" aria-label="Days of your own" onSubmit={apply}>
        <label className="list-controls__field insight-range__day">
          <span className="list-controls__label">From</span>
          <input className="form-field__input" type="date" name="from" required min="2000-01-01" max="2200-12-31" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="list-controls__field insight-range__day">
          <span className="list-controls__label">To</span>
          <input className="form-field__input" type="date" name="to" required min="2000-01-01" max="2200-12-31" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary button--small">
          Show
        </button>
      </form>
      <label className="list-controls__field insight-range__bucket">
        <span className="list-controls__label">Group by</span>
        <select
          className="form-field__input"
          name="bucket"
          value={bucket}
          onChange={(event) => {
            const next = event.target.value as Bucket;
            setBucket(next);
            change({ bucket: next });
          }}
        >
          {BUCKETS.map((b) => (
            <option key={b} value={b}>
              {BUCKET_LABELS[b]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

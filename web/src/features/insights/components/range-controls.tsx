import type { FormEvent } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { useShown } from '../../../lib/use-shown';
import { BUCKETS, dayOf, RANGE_PRESETS, type Bucket, type DashboardChange, type DashboardState } from '../dashboard-state';
import { insightsMessages } from '../messages/insights';

const BUCKET_LABELS = { day: 'insights.bucket.day', week: 'insights.bucket.week', month: 'insights.bucket.month' } as const;
const PRESET_LABELS = { '7d': 'insights.range.7d', '30d': 'insights.range.30d', '90d': 'insights.range.90d', '12m': 'insights.range.12m' } as const;

/**
 * The chart's range: a preset (7, 30, 90 days, 12 months), applied at once, or days of the admin's
 * own, applied with Show (a change per keystroke would make a history entry each); and its bucket.
 */
export function RangeControls({ state, change }: { state: DashboardState; change: (change: DashboardChange) => void }) {
  const t = useT(insightsMessages);
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
      <div className="insight-range__presets" role="group" aria-label={t('insights.range.label')}>
        {RANGE_PRESETS.map((preset) => (
          <button
            key={preset.value}
            type="button"
            className="button button--small insight-range__preset"
            aria-pressed={state.range === preset.value}
            onClick={() => change({ range: preset.value })}
          >
            {t(PRESET_LABELS[preset.value])}
          </button>
        ))}
      </div>
      <form className="insight-range__custom" aria-label={t('insights.range.custom')} onSubmit={apply}>
        <label className="list-controls__field insight-range__day">
          <span className="list-controls__label">{t('insights.range.from')}</span>
          <input className="form-field__input" type="date" name="from" required min="2000-01-01" max="2200-12-31" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label className="list-controls__field insight-range__day">
          <span className="list-controls__label">{t('insights.range.to')}</span>
          <input className="form-field__input" type="date" name="to" required min="2000-01-01" max="2200-12-31" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary button--small">
          {t('insights.range.show')}
        </button>
      </form>
      <label className="list-controls__field insight-range__bucket">
        <span className="list-controls__label">{t('insights.range.groupBy')}</span>
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
              {t(BUCKET_LABELS[b])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

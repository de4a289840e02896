import { useLanguage, useT } from '../../../lib/i18n/i18n';
import type { PeriodStats, StatsSummary } from '../api/stats-types';
import { formatShare, formatTaka } from '../figures';
import { insightsMessages } from '../messages/insights';

const PERIODS = [
  { key: 'today', title: 'insights.period.today', testId: 'period-today' },
  { key: 'last7Days', title: 'insights.period.last7Days', testId: 'period-7-days' },
  { key: 'last30Days', title: 'insights.period.last30Days', testId: 'period-30-days' },
] as const;

function PeriodCard({ title, period, testId }: { title: (typeof PERIODS)[number]['title']; period: PeriodStats; testId: string }) {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  const ordersText = (count: number) => t('insights.orders', { count });
  const headingId = `${testId}-title`;
  return (
    <li className="insight-card" data-testid={testId} aria-labelledby={headingId}>
      <h3 id={headingId} className="insight-card__title">
        {t(title)}
      </h3>
      <dl className="insight-card__figures">
        <div className="insight-card__main">
          <dt>{t('insights.card.confirmedRevenue')}</dt>
          <dd className="insight-card__revenue" data-testid="confirmed-amount">
            {formatTaka(period.confirmed.amount, lang)}
          </dd>
        </div>
        <div>
          <dt>{t('insights.card.confirmed')}</dt>
          <dd data-testid="confirmed-orders">{ordersText(period.confirmed.orders)}</dd>
        </div>
        <div>
          <dt>{t('insights.card.pending')}</dt>
          <dd>
            <span data-testid="pending-orders">{ordersText(period.pending.orders)}</span>,{' '}
            <span data-testid="pending-amount">{formatTaka(period.pending.amount, lang)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('insights.card.canceled')}</dt>
          <dd data-testid="canceled-orders">{ordersText(period.canceled.orders)}</dd>
        </div>
        <div>
          <dt>{t('insights.card.canceledShare')}</dt>
          <dd data-testid="canceled-share">{formatShare(period.canceledShare, lang)}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * Today, the last 7 and the last 30 days side by side (stacked on a phone): the Confirmed orders'
 * revenue first, Pending and Canceled apart, and the share of orders canceled.
 */
export function PeriodCards({ summary }: { summary: StatsSummary }) {
  return (
    <ul className="insight-cards">
      {PERIODS.map(({ key, title, testId }) => (
        <PeriodCard key={key} title={title} period={summary.periods[key]} testId={testId} />
      ))}
    </ul>
  );
}

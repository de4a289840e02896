import type { PeriodStats, StatsSummary } from '../api/stats-types';
import { formatShare, formatTaka } from '../figures';

const ordersText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

const PERIODS = [
  { key: 'today', title: 'Today', testId: 'period-today' },
  { key: 'last7Days', title: 'Last 7 days', testId: 'period-7-days' },
  { key: 'last30Days', title: 'Last 30 days', testId: 'period-30-days' },
] as const;

function PeriodCard({ title, period, testId }: { title: string; period: PeriodStats; testId: string }) {
  const headingId = `${testId}-title`;
  return (
    <li className="insight-card" data-testid={testId} aria-labelledby={headingId}>
      <h3 id={headingId} className="insight-card__title">
        {title}
      </h3>
      <dl className="insight-card__figures">
        <div className="insight-card__main">
          <dt>Confirmed revenue</dt>
          <dd className="insight-card__revenue" data-testid="confirmed-amount">
            {formatTaka(period.confirmed.amount)}
          </dd>
        </div>
        <div>
          <dt>Confirmed</dt>
          <dd data-testid="confirmed-orders">{ordersText(period.confirmed.orders)}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd>
            <span data-testid="pending-orders">{ordersText(period.pending.orders)}</span>,{' '}
            <span data-testid="pending-amount">{formatTaka(period.pending.amount)}</span>
          </dd>
        </div>
        <div>
          <dt>Canceled</dt>
          <dd data-testid="canceled-orders">{ordersText(period.canceled.orders)}</dd>
        </div>
        <div>
          <dt>Canceled share</dt>
          <dd data-testid="canceled-share">{formatShare(period.canceledShare)}</dd>
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

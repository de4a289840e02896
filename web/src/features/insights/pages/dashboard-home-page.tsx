import { useMemo, useState } from 'react';
import { QueryStatus } from '../../../components/query-status';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { useQueryChange } from '../../../lib/use-query-change';
import { useSales } from '../api/get-sales';
import { useStatsSummary } from '../api/get-stats-summary';
import { CourierCashSummary } from '../components/courier-cash-summary';
import { LowStock } from '../components/low-stock';
import { PeriodCards } from '../components/period-cards';
import { RangeControls } from '../components/range-controls';
import { SalesChart } from '../components/sales-chart';
import { SalesTable } from '../components/sales-table';
import { SmsUsagePanel } from '../components/sms-usage';
import { TopProducts } from '../components/top-products';
import { dashboardSearchWith, dashboardStateFromSearch, dhakaDay, type DashboardChange } from '../dashboard-state';
import { chartSummary, formatDay } from '../figures';
import { insightsMessages } from '../messages/insights';
import './dashboard-home-page.css';

/**
 * /dashboard for an admin (everyone else still lands on the profile): how the shop is doing. Today,
 * the last 7 and 30 days; sales over a range of the admin's choice as a chart and a table; the top
 * products of that range; the products low on stock. What it shows lives in the URL (decision 029).
 */
export function DashboardHomePage() {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  const [params, changeQuery] = useQueryChange();
  const summary = useStatsSummary();
  // The presets end today: the server's day once it has said, the browser's until then.
  const [openedOn] = useState(() => dhakaDay(Date.now()));
  const today = summary.data?.today ?? openedOn;
  const state = useMemo(() => dashboardStateFromSearch(params, today), [params, today]);
  const change = (next: DashboardChange) => changeQuery((latest) => dashboardSearchWith(latest, next, today));

  const sales = useSales({ from: state.from, to: state.to, bucket: state.bucket });
  const points = useMemo(() => (sales.data?.buckets ?? []).map((b) => ({ start: b.start, revenue: b.confirmed.amount })), [sales.data]);

  return (
    <section className="dashboard-page insights" aria-labelledby="insights-title">
      <h1 id="insights-title" className="page__title">
        {t('insights.title')}
      </h1>

      <section className="insight-section" aria-labelledby="periods-title">
        <h2 id="periods-title" className="insight-section__title">
          {t('insights.glance')}
        </h2>
        <QueryStatus status={summary.status} loading={t('insights.loadingFigures')} failed={t('insights.figuresFailed')} />
        {summary.status === 'success' && <PeriodCards summary={summary.data} />}
      </section>

      <SmsUsagePanel />

      <CourierCashSummary />

      <section className="insight-section" aria-labelledby="sales-title">
        <h2 id="sales-title" className="insight-section__title">
          {t('insights.sales')}
        </h2>
        <RangeControls state={state} change={change} />
        <QueryStatus status={sales.status} loading={t('insights.loadingSales')} failed={t('insights.salesFailed')} />
        {sales.status === 'success' && (
          <div aria-busy={sales.isPlaceholderData}>
            <p className="insight-section__lead" aria-live="polite">
              {t('insights.fromTo', { from: formatDay(sales.data.from, lang), to: formatDay(sales.data.to, lang) })}
            </p>
            <SalesChart series={sales.data} summary={chartSummary(points, sales.data.bucket, sales.data.from, sales.data.to, { t, lang })} />
            <SalesTable series={sales.data} labelledBy="sales-title" />
          </div>
        )}
      </section>

      <div className="insight-lists">
        <TopProducts from={state.from} to={state.to} page={state.topPage} />
        <LowStock page={state.lowPage} />
      </div>
    </section>
  );
}

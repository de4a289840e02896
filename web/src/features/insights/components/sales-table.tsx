import { DataTable } from '../../../components/data-table';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import type { SalesSeries } from '../api/stats-types';
import { bucketLabel, formatTaka } from '../figures';
import { insightsMessages } from '../messages/insights';

const PERIOD_COLUMN = { day: 'insights.bucket.day', week: 'insights.bucket.week', month: 'insights.bucket.month' } as const;
const CAPTION = { day: 'insights.table.captionDay', week: 'insights.table.captionWeek', month: 'insights.table.captionMonth' } as const;

type Row = Omit<SalesSeries['buckets'][number], 'start'>;

/** Four columns, the taka over the orders in each, so that a 390 px phone shows a row whole. */
function Cells({ row }: { row: Row }) {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  const ordersText = (count: number) => t('insights.orders', { count });
  return (
    <>
      <td>
        <span className="sales-table__amount" data-testid="sales-confirmed-amount">
          {formatTaka(row.confirmed.amount, lang)}
        </span>
        <span className="sales-table__orders">{ordersText(row.confirmed.orders)}</span>
      </td>
      <td>
        <span className="sales-table__amount">{formatTaka(row.pending.amount, lang)}</span>
        <span className="sales-table__orders">{ordersText(row.pending.orders)}</span>
      </td>
      <td>
        <span className="sales-table__orders">{ordersText(row.canceled.orders)}</span>
      </td>
    </>
  );
}

/** The chart's numbers, bucket by bucket, with the range's totals: the accessible version of the chart. */
export function SalesTable({ series, labelledBy }: { series: SalesSeries; labelledBy: string }) {
  const t = useT(insightsMessages);
  const lang = useLanguage();
  return (
    <DataTable
      labelledBy={labelledBy}
      caption={t(CAPTION[series.bucket])}
      columns={[t(PERIOD_COLUMN[series.bucket]), t('insights.card.confirmed'), t('insights.card.pending'), t('insights.card.canceled')]}
      className="data-table insight-table sales-table"
    >
      {series.buckets.map((b) => (
        <tr key={b.start} data-testid="sales-row">
          <th scope="row" className="sales-table__period">
            {bucketLabel(b.start, series.bucket, { t, lang })}
          </th>
          <Cells row={b} />
        </tr>
      ))}
      <tr className="sales-table__total" data-testid="sales-total">
        <th scope="row">{t('insights.table.total')}</th>
        <Cells row={series.totals} />
      </tr>
    </DataTable>
  );
}

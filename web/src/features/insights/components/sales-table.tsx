import { DataTable } from '../../../components/data-table';
import type { SalesSeries } from '../api/stats-types';
import { bucketLabel, formatTaka } from '../figures';

const PERIOD_COLUMN = { day: 'Day', week: 'Week', month: 'Month' } as const;

/** The chart's numbers, bucket by bucket, with the range's totals: the accessible version of the chart. */
export function SalesTable({ series, labelledBy }: { series: SalesSeries; labelledBy: string }) {
  const { totals } = series;
  return (
    <DataTable
      labelledBy={labelledBy}
      caption={`Sales by ${series.bucket}, oldest first, and the totals`}
      columns={[PERIOD_COLUMN[series.bucket], 'Confirmed', 'Revenue', 'Pending', 'Pending amount', 'Canceled']}
      className="data-table sales-table"
    >
      {series.buckets.map((b) => (
        <tr key={b.start} data-testid="sales-row">
          <th scope="row">{bucketLabel(b.start, series.bucket)}</th>
          <td>{b.confirmed.orders}</td>
          <td>{formatTaka(b.confirmed.amount)}</td>
          <td>{b.pending.orders}</td>
          <td>{formatTaka(b.pending.amount)}</td>
          <td>{b.canceled.orders}</td>
        </tr>
      ))}
      <tr className="sales-table__total" data-testid="sales-total">
        <th scope="row">Total</th>
        <td>{totals.confirmed.orders}</td>
        <td>{formatTaka(totals.confirmed.amount)}</td>
        <td>{totals.pending.orders}</td>
        <td>{formatTaka(totals.pending.amount)}</td>
        <td>{totals.canceled.orders}</td>
      </tr>
    </DataTable>
  );
}

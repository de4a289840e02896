import { DataTable } from '../../../components/data-table';
import type { SalesSeries } from '../api/stats-types';
import { bucketLabel, formatTaka } from '../figures';

const PERIOD_COLUMN = { day: 'Day', week: 'Week', month: 'Month' } as const;
const ordersText = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;

type Row = Omit<SalesSeries['buckets'][number], 'start'>;

/** Four columns, the taka over the orders in each, so that a 390 px phone shows a row whole. */
function Cells({ row }: { row: Row }) {
  return (
    <>
      <td>
        <span className="sales-table__amount" data-testid="sales-confirmed-amount">
          {formatTaka(row.confirmed.amount)}
        </span>
        <span className="sales-table__orders">{ordersText(row.confirmed.orders)}</span>
      </td>
      <td>
        <span className="sales-table__amount">{formatTaka(row.pending.amount)}</span>
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
  return (
    <DataTable
      labelledBy={labelledBy}
      caption={`Sales by ${series.bucket}, oldest first, and the totals`}
      columns={[PERIOD_COLUMN[series.bucket], 'Confirmed', 'Pending', 'Canceled']}
      className="data-table insight-table sales-table"
    >
      {series.buckets.map((b) => (
        <tr key={b.start} data-testid="sales-row">
          <th scope="row" className="sales-table__period">
            {bucketLabel(b.start, series.bucket)}
          </th>
          <Cells row={b} />
        </tr>
      ))}
      <tr className="sales-table__total" data-testid="sales-total">
        <th scope="row">Total</th>
        <Cells row={series.totals} />
      </tr>
    </DataTable>
  );
}

import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { SHORT_LIST_SIZE, useTopProducts } from '../api/get-top-products';
import { formatDay, formatTaka } from '../figures';

/** The products of the range's Pending and Confirmed orders, most units first, a page at a time (?topPage=). */
export function TopProducts({ from, to, page }: { from: string; to: string; page: number }) {
  const { data, status } = useTopProducts({ from, to }, page);
  const rows = data?.items ?? [];
  return (
    <section className="insight-section" aria-labelledby="top-products-title">
      <h2 id="top-products-title" className="insight-section__title">
        Top products
      </h2>
      <p className="insight-section__lead">
        Most units in Pending and Confirmed orders, {formatDay(from)} to {formatDay(to)}
      </p>
      <QueryStatus status={status} loading="Loading top products..." failed="Failed to load top products" />
      {status === 'success' &&
        (rows.length === 0 && page === 1 ? (
          <p className="notice">No orders in these days.</p>
        ) : (
          <>
            <DataTable
              labelledBy="top-products-title"
              caption="Top products, most units first"
              columns={['Product', 'Units', 'Orders', 'Revenue']}
              className="data-table insight-table"
            >
              {rows.map((product) => (
                <tr key={product.productId} data-testid="top-product">
                  <th scope="row" className="insight-table__name">
                    <Link to={`/product/${encodeURIComponent(product.productId)}`}>{product.title}</Link>
                  </th>
                  <td>{product.quantity}</td>
                  <td>{product.orders}</td>
                  <td className="data-table__nowrap">{formatTaka(product.revenue)}</td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} total={data.total} shown={rows.length} size={SHORT_LIST_SIZE} param="topPage" label="Pages of top products" />
          </>
        ))}
    </section>
  );
}

import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { lowStockAt, totalStock } from '../../../../../src/shared/stock';
import { useLowStock } from '../api/get-low-stock';
import { SHORT_LIST_SIZE } from '../api/get-top-products';
import { lowVariantsText } from '../figures';

/** Products with some variant at 5 or fewer (sold out included), a page at a time (?lowPage=), each linking to its update page. */
export function LowStock({ page }: { page: number }) {
  const { data, status } = useLowStock(page);
  const rows = data?.items ?? [];
  return (
    <section className="insight-section" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className="insight-section__title">
        Low stock
      </h2>
      <p className="insight-section__lead">Products with a size or color at {lowStockAt} or fewer</p>
      <QueryStatus status={status} loading="Loading low-stock products..." failed="Failed to load low-stock products" />
      {status === 'success' &&
        (rows.length === 0 && page === 1 ? (
          <p className="notice">No product is low on stock.</p>
        ) : (
          <>
            <DataTable labelledBy="low-stock-title" caption="Products low on stock, newest first" columns={['Product', 'Low', 'Total']} className="data-table insight-table">
              {rows.map((product) => (
                <tr key={product._id} data-testid="low-stock-product">
                  <th scope="row" className="insight-table__name">
                    <Link to={`/dashboard/updateproduct/${encodeURIComponent(product._id)}`}>{product.title}</Link>
                  </th>
                  <td className="insight-table__low">{lowVariantsText(product.variants)}</td>
                  <td>{totalStock(product.variants)}</td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} total={data.total} shown={rows.length} size={SHORT_LIST_SIZE} param="lowPage" label="Pages of low-stock products" />
          </>
        ))}
    </section>
  );
}

import { Link } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { PAGE_SIZE } from '../../../lib/paging';
import { confirmThenRun } from '../../../lib/dialog';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons, type Coupon } from '../api/get-coupons';

/** /dashboard/managecoupons (admin): every coupon, newest first, a page at a time (?page=), with Delete. */
export function ManageCouponsPage() {
  const page = usePageParam();
  const { data, status } = useCoupons(page);
  const coupons = data?.items ?? [];
  const deleteCoupon = useDeleteCoupon();

  function handleDelete(coupon: Coupon) {
    return confirmThenRun({
      confirm: { title: 'Are you sure?', text: "You won't be able to revert this!", confirmButtonText: 'Yes, delete it!' },
      run: () => deleteCoupon.mutateAsync(coupon._id),
      success: { title: 'Deleted!', text: 'Coupon removed successfully.' },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="coupons-title">
      <h1 id="coupons-title" className="page__title">
        Manage Coupons
      </h1>
      <QueryStatus status={status} loading="Loading coupons..." failed="Failed to load coupons" />
      {status === 'success' && (
        <>
          <div className="dashboard-page__bar">
            <p className="page__lead" data-testid="coupons-total">
              Total Coupons: {data.total}
            </p>
            <Link to="/dashboard/addcoupon" className="button button--primary button--small">
              Add Coupon
            </Link>
          </div>
          {coupons.length === 0 && page === 1 ? (
            <p className="notice">No coupons yet.</p>
          ) : (
            <DataTable labelledBy="coupons-title" caption="Coupons, newest first" columns={['#', 'Code', 'Discount', 'Action']}>
              {coupons.map((coupon, index) => {
                const codeId = `coupon-${coupon._id}-code`;
                return (
                  <tr key={coupon._id} data-testid="coupon-row">
                    <td>{(page - 1) * PAGE_SIZE + index + 1}</td>
                    <th scope="row" id={codeId} className="data-table__nowrap">
                      {coupon.code}
                    </th>
                    <td className="data-table__nowrap">{coupon.discountPercent}%</td>
                    <td>
                      <button
                        type="button"
                        className="button button--danger button--small"
                        aria-describedby={codeId}
                        disabled={deleteCoupon.isPending}
                        onClick={() => void handleDelete(coupon)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          <Pager page={page} total={data.total} shown={coupons.length} />
        </>
      )}
    </section>
  );
}

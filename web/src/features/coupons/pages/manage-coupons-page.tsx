import { Link } from 'react-router-dom';
import { LoadingStatus } from '../../../components/loading-status';
import { loadSwal, showFailure } from '../../../lib/dialog';
import { useDeleteCoupon } from '../api/delete-coupon';
import { useCoupons, type Coupon } from '../api/get-coupons';

/** /dashboard/managecoupons (admin): every coupon, newest first, with Delete. */
export function ManageCouponsPage() {
  const { data: coupons, status } = useCoupons();
  const deleteCoupon = useDeleteCoupon();

  async function handleDelete(coupon: Coupon) {
    const Swal = await loadSwal();
    const { isConfirmed } = await Swal.fire({
      icon: 'warning',
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      showCancelButton: true,
      confirmButtonText: 'Yes, delete it!',
    });
    if (!isConfirmed) return;
    try {
      await deleteCoupon.mutateAsync(coupon._id);
      void Swal.fire({ icon: 'success', title: 'Deleted!', text: 'Coupon removed successfully.' });
    } catch (error) {
      await showFailure(error);
    }
  }

  return (
    <section className="dashboard-page" aria-labelledby="coupons-title">
      <h1 id="coupons-title" className="page__title">
        Manage Coupons
      </h1>
      {status === 'pending' && <LoadingStatus label="Loading coupons..." />}
      {status === 'error' && (
        <p className="notice notice--error" role="alert">
          Failed to load coupons
        </p>
      )}
      {status === 'success' && (
        <>
          <div className="dashboard-page__bar">
            <p className="page__lead" data-testid="coupons-total">
              Total Coupons: {coupons.length}
            </p>
            <Link to="/dashboard/addcoupon" className="button button--primary button--small">
              Add Coupon
            </Link>
          </div>
          {coupons.length === 0 ? (
            <p className="notice">No coupons yet.</p>
          ) : (
            <div className="table-scroll" role="region" aria-labelledby="coupons-title" tabIndex={0}>
              <table className="data-table">
                <caption className="visually-hidden">Coupons, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Code</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {coupons.map((coupon, index) => {
                    const codeId = `coupon-${coupon._id}-code`;
                    return (
                      <tr key={coupon._id} data-testid="coupon-row">
                        <td>{index + 1}</td>
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
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}

import { Link } from 'react-router-dom';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { confirmThenRun } from '../../../lib/dialog';
import { useDeleteOrder } from '../api/delete-order';
import { newestFirst, useMyOrders, type Order } from '../api/get-orders';
import { InvoiceButton } from '../components/invoice-button';
import { OrderItems } from '../components/order-items';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderTimeline } from '../components/order-timeline';
import { OrderTotals } from '../components/order-totals';
import { formatDateTime } from '../format-date';

/** /dashboard/orders: the customer's own orders, newest first, a page at a time (?page=); a Pending one can be cancelled. */
export function MyOrdersPage() {
  const { user } = useAuth();
  const page = usePageParam();
  const { data, status } = useMyOrders(user?.email, page);
  const orders = data?.items ?? [];
  const cancelOrder = useDeleteOrder();

  function handleCancel(order: Order) {
    return confirmThenRun({
      confirm: { title: 'Are you sure?', text: 'Do you want to cancel this order?', confirmButtonText: 'Yes, cancel it!', cancelButtonText: 'No, keep it' },
      run: () => cancelOrder.mutateAsync(order._id),
      success: { title: 'Done', text: 'Your order has been cancelled.' },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="orders-title">
      <h1 id="orders-title" className="page__title">
        My Orders
      </h1>
      <QueryStatus status={status} loading="Loading your orders..." failed="Failed to load your orders" />
      {status === 'success' &&
        (orders.length === 0 && page === 1 ? (
          <p className="notice">
            <span data-testid="empty-state">You have not placed any orders yet.</span> <Link to="/allproductandcategories">Browse the products</Link>.
          </p>
        ) : (
          <>
            <p className="page__lead" data-testid="orders-total">
              Total Orders: {data.total}
            </p>
            <ol className="order-list">
              {newestFirst(orders).map((order) => {
                const headingId = `order-${order._id}-heading`;
                return (
                  <li key={order._id}>
                    <article className="order-card" aria-labelledby={headingId} data-testid="order" data-order-id={order._id}>
                      <header className="order-card__header">
                        <h2 id={headingId} className="order-card__title">
                          <span data-testid="order-number">Order {order.orderNumber}</span>
                          <span className="order-card__time">
                            {' '}
                            of <time dateTime={order.orderTime}>{formatDateTime(order.orderTime)}</time>
                          </span>
                        </h2>
                        <OrderStatusBadge status={order.status} />
                      </header>
                      <OrderItems items={order.cartItems} />
                      <OrderTotals order={order} className="totals order-card__totals" />
                      <p className="order-card__delivery">
                        Deliver to {order.name}, {order.phone}, {order.address} · {order.paymentMethod}
                      </p>
                      <div className="order-card__timeline">
                        <h3 className="order-card__subheading">Timeline</h3>
                        <OrderTimeline orderId={order._id} />
                      </div>
                      <div className="order-card__actions" style={{ gap: '8px' }}>
                        <InvoiceButton order={order} describedBy={headingId} />
                        {order.status === 'Pending' && (
                          <button
                            type="button"
                            className="button button--danger button--small"
                            aria-describedby={headingId}
                            disabled={cancelOrder.isPending}
                            onClick={() => void handleCancel(order)}
                          >
                            Cancel Order
                          </button>
                        )}
                      </div>
                    </article>
                  </li>
                );
              })}
            </ol>
            <Pager page={page} total={data.total} shown={orders.length} />
          </>
        ))}
    </section>
  );
}

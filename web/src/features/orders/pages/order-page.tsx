import { HTTPError } from 'ky';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LoadingStatus } from '../../../components/loading-status';
import { useOrder, type PhoneHistory } from '../api/get-order';
import { InvoiceButton } from '../components/invoice-button';
import { OrderActions } from '../components/order-actions';
import { OrderEvents } from '../components/order-events';
import { OrderItems } from '../components/order-items';
import { OrderMessages } from '../components/order-messages';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderTotals } from '../components/order-totals';
import { formatDateTime } from '../format-date';
import { DESK_PATH, deskPathOf } from '../order-path';
import { useOrderActions } from '../use-order-actions';
import './order-page.css';

/** "7 placed, 1 pending, 4 confirmed, 2 canceled by the shop, 0 by the customer" */
function historyText(history: PhoneHistory): string {
  return `${history.placed} placed, ${history.pending} pending, ${history.confirmed} confirmed, ${history.canceledByShop} canceled by the shop, ${history.canceledByCustomer} by the customer`;
}

/**
 * /dashboard/allorders/:id (admin): one order on its own page: its number and status, the customer,
 * the lines and totals, the timeline, the SMS and emails about it and whether each went out, the
 * orders placed with its phone number, and Confirm, Cancel
 * and Delete as on the desk. A deleted order is still shown, marked so.
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const { state } = useLocation();
  const { data: order, status, error } = useOrder(id);
  const actions = useOrderActions();
  const back = (
    <Link to={deskPathOf(state)} className="order-page__back">
      Back to All Orders
    </Link>
  );

  if (status !== 'success') {
    const notFound = error instanceof HTTPError && error.response.status === 404;
    return (
      <section className="dashboard-page" aria-labelledby="order-title">
        {back}
        <h1 id="order-title" className="page__title">
          Order
        </h1>
        {status === 'pending' ? (
          <LoadingStatus label="Loading the order..." />
        ) : (
          <p className="notice notice--error" role="alert">
            {notFound ? 'There is no such order.' : 'Failed to load the order'}
          </p>
        )}
      </section>
    );
  }

  const nameId = 'order-customer-name';
  return (
    <section className="dashboard-page order-page" aria-labelledby="order-title" data-testid="order-page" data-order-id={order._id}>
      {back}
      <header className="order-page__header">
        <h1 id="order-title" className="page__title" data-testid="order-number">
          Order {order.orderNumber}
        </h1>
        <OrderStatusBadge status={order.status} />
        <InvoiceButton order={order} describedBy="order-title" />
      </header>
      <p className="page__lead">
        Placed <time dateTime={order.orderTime}>{formatDateTime(order.orderTime)}</time> · {order.paymentMethod}
      </p>
      {order.removed && (
        <p className="notice notice--error" role="status" data-testid="order-removed">
          This order was deleted: it is no longer listed for the shop or the customer.
        </p>
      )}
      <OrderActions order={order} actions={actions} describedBy={`order-title ${nameId}`} removed={order.removed} />

      <div className="order-page__grid">
        <section className="order-page__panel order-page__customer" aria-labelledby="order-customer-title">
          <h2 id="order-customer-title" className="order-page__subtitle">
            Customer
          </h2>
          <dl className="order-page__facts" data-testid="order-customer">
            <div>
              <dt>Name</dt>
              <dd id={nameId}>{order.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{order.email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{order.phone}</dd>
            </div>
            <div>
              <dt>Address</dt>
              <dd>{order.address}</dd>
            </div>
            <div>
              <dt>Delivery zone</dt>
              <dd>{order.deliveryLocation}</dd>
            </div>
          </dl>
          {order.history && (
            <p className="order-page__history" data-testid="phone-history">
              Orders with this phone: {historyText(order.history)}.{' '}
              <Link to={`${DESK_PATH}?${new URLSearchParams({ q: order.phone }).toString()}`}>Show these orders</Link>
            </p>
          )}
        </section>

        <section className="order-page__panel order-page__lines" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="order-page__subtitle">
            Items
          </h2>
          <OrderItems items={order.cartItems} />
          <OrderTotals order={order} />
        </section>

        <section className="order-page__panel order-page__timeline" aria-labelledby="order-timeline-title">
          <h2 id="order-timeline-title" className="order-page__subtitle">
            Timeline
          </h2>
          <OrderEvents orderId={order._id} lines={order.cartItems} />
        </section>

        <section className="order-page__panel order-page__messages" aria-labelledby="order-messages-title">
          <h2 id="order-messages-title" className="order-page__subtitle">
            Messages
          </h2>
          <OrderMessages orderId={order._id} />
        </section>
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { addressLine } from '../address-line';
import { Link } from 'react-router-dom';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { confirmThenRun } from '../../../lib/dialog';
import { useDeleteOrder } from '../api/delete-order';
import { newestFirst, useMyOrders, type Order } from '../api/get-orders';
import { ClaimPhoneOrders } from '../components/claim-phone-orders';
import { InvoiceButton } from '../components/invoice-button';
import { OrderAdvance } from '../components/order-advance';
import { OrderItems } from '../components/order-items';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderTimeline } from '../components/order-timeline';
import { OrderTotals } from '../components/order-totals';
import { formatDateTimeFor } from '../format-date';
import { formatDigits, formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { ordersMessages } from '../messages/orders';
import { PAGES } from '../../../app/routes';

type MyOrdersPageProps = {
  /** Where an order's parcel is (issue 34: the delivery feature's, wired by the app); given the id of the order's heading. */
  parcel?: (order: Order, describedBy: string) => ReactNode;
};

/** /dashboard/orders: the customer's own orders, newest first, a page at a time (?page=); a Pending one can be cancelled. */
export function MyOrdersPage({ parcel }: MyOrdersPageProps = {}) {
  const { user } = useAuth();
  const page = usePageParam();
  const { data, status } = useMyOrders(user?.email, page);
  const orders = data?.items ?? [];
  const cancelOrder = useDeleteOrder();
  const t = useT(ordersMessages);
  const lang = useLanguage();

  function handleCancel(order: Order) {
    return confirmThenRun({
      confirm: {
        title: t('orders.cancel.title'),
        text: t('orders.cancel.text'),
        confirmButtonText: t('orders.cancel.confirm'),
        cancelButtonText: t('orders.cancel.keep'),
      },
      run: () => cancelOrder.mutateAsync(order._id),
      success: { title: t('orders.cancel.doneTitle'), text: t('orders.cancel.doneText') },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="orders-title">
      <h1 id="orders-title" className="page__title">
        {t('orders.title')}
      </h1>
      <QueryStatus status={status} loading={t('orders.loading')} failed={t('orders.failed')} />
      {status === 'success' &&
        (orders.length === 0 && page === 1 ? (
          <p className="notice">
            <span data-testid="empty-state">{t('orders.none')}</span> <Link to={PAGES.allProducts.link()}>{t('orders.browse')}</Link>
            {t('orders.end')}
          </p>
        ) : (
          <>
            <p className="page__lead" data-testid="orders-total">
              {t('orders.total', { count: formatNumber(data.total, lang) })}
            </p>
            <ol className="order-list">
              {newestFirst(orders).map((order) => {
                const headingId = `order-${order._id}-heading`;
                return (
                  <li key={order._id}>
                    <article className="order-card" aria-labelledby={headingId} data-testid="order" data-order-id={order._id}>
                      <header className="order-card__header">
                        <h2 id={headingId} className="order-card__title">
                          <span data-testid="order-number">{t('orders.number', { number: formatDigits(order.orderNumber, lang) })}</span>
                          <span className="order-card__time">
                            {' '}
                            {t('orders.of')} <time dateTime={order.orderTime}>{formatDateTimeFor(order.orderTime, lang)}</time>
                          </span>
                        </h2>
                        <OrderStatusBadge status={order.status} />
                      </header>
                      <OrderItems items={order.cartItems} />
                      <OrderTotals order={order} className="totals order-card__totals" />
                      <OrderAdvance advance={order.advance} total={order.amount} />
                      <p className="order-card__delivery">
                        {t('orders.deliverTo', {
                          name: order.name,
                          phone: order.phone,
                          address: addressLine(order),
                          payment: order.paymentMethod === 'Cash On Delivery' ? t('orders.cod') : order.paymentMethod,
                        })}
                      </p>
                      {parcel?.(order, headingId)}
                      <div className="order-card__timeline">
                        <h3 className="order-card__subheading">{t('orders.timeline')}</h3>
                        <OrderTimeline orderId={order._id} />
                      </div>
                      <div className="order-card__actions" style={{ gap: '8px' }}>
                        <InvoiceButton order={order} describedBy={headingId} />
                        {/* An order the shop took for this phone (issue 36) is the shop's to change: the customer calls. */}
                        {order.taken && <p className="order-card__taken">{t('orders.takenByShop')}</p>}
                        {order.status === 'Pending' && !order.taken && (
                          <button
                            type="button"
                            className="button button--danger button--small"
                            aria-describedby={headingId}
                            disabled={cancelOrder.isPending}
                            onClick={() => void handleCancel(order)}
                          >
                            {t('orders.cancelOrder')}
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
      {/* Outside the list's shapes, so that it stays open (and its answer shown) when a claim fills an empty list. */}
      {status !== 'pending' && <ClaimPhoneOrders />}
    </section>
  );
}

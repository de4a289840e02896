import { useQueryClient } from '@tanstack/react-query';
import { HTTPError } from 'ky';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { LoadingStatus } from '../../../components/loading-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatDateTime as formatDhakaDateTime } from '../../../../../src/shared/locale-dates';
import { formatDigits, formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { useOrder, type OrderView } from '../api/get-order';
import { ordersQueryKeyRoot } from '../api/get-orders';
import { InvoiceButton } from '../components/invoice-button';
import { OrderActions } from '../components/order-actions';
import { OrderEvents } from '../components/order-events';
import { OrderItems } from '../components/order-items';
import { OrderEditForm } from '../components/order-edit-form';
import { OrderMessages } from '../components/order-messages';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderTotals } from '../components/order-totals';
import { formatDateTime } from '../format-date';
import { deskPathOf } from '../order-path';
import { PAGES } from '../../../app/routes';
import { useOrderActions } from '../use-order-actions';
import { orderPageMessages } from '../messages/order-page';
import { useOrderOrigin } from '../components/order-origin';
import { orderEditMessages } from '../messages/order-edit';
import { editable } from '../order-edit';
import './order-page.css';

const ZONES: Record<string, 'orderPage.zone.insideDhaka' | 'orderPage.zone.suburbsDhaka' | 'orderPage.zone.outsideDhaka'> = {
  'Inside Dhaka': 'orderPage.zone.insideDhaka',
  'Suburbs Dhaka': 'orderPage.zone.suburbsDhaka',
  'Outside Dhaka': 'orderPage.zone.outsideDhaka',
};

/**
 * /dashboard/allorders/:id (admin): one order on its own page: its number and status, the customer,
 * the lines and totals, the timeline, the SMS and emails about it and whether each went out, the
 * orders placed with its phone number, and Confirm, Cancel
 * and Delete as on the desk. A deleted order is still shown, marked so. A Confirmed order (or one
 * with a parcel) has a Parcel panel where the app gives one (`parcel`, issue 34): `changed` reloads
 * the order and its timeline after the panel changed them. Issue 35: an order with an advance has
 * an Advance panel (`advance`), and every order its phone's delivery record (`record`). Issue 36:
 * Change order, while the order may be changed, opens the form that changes its lines and delivery.
 * Each part shows only for a role that may use it (issue 36; the page itself needs orders.read):
 * Confirm, Cancel, Delete and Change order need orders.manage, the SMS and emails customers.read (the
 * app gives the panels the same way, app/order-route.tsx).
 */
type OrderPageProps = {
  /** The parcel of a Confirmed order (issue 34: the delivery feature's). */
  parcel?: (order: OrderView, changed: () => void) => ReactNode;
  /** The advance by bKash of an order that asked one, and its refund (issue 35: the payments feature's). */
  advance?: (order: OrderView, changed: () => void) => ReactNode;
  /** The delivery record of the order's phone, as advice (issue 35: the phone-records feature's). */
  record?: (order: OrderView) => ReactNode;
};

export function OrderPage({ parcel, advance, record }: OrderPageProps = {}) {
  const t = useT(orderPageMessages);
  const origin = useOrderOrigin();
  const tEdit = useT(orderEditMessages);
  const lang = useLanguage();
  const { id = '' } = useParams();
  const { state } = useLocation();
  const { data: order, status, error } = useOrder(id);
  const { can } = useAuth();
  const manage = can('orders.manage');
  const actions = useOrderActions();
  const queryClient = useQueryClient();
  const changed = () => void queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot });
  // Issue 36: the change form, open or not; closed, the focus goes back to Change order.
  const [editing, setEditing] = useState(false);
  const wasEditing = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const back = (
    <Link to={deskPathOf(state)} className="order-page__back">
      {t('orderPage.back')}
    </Link>
  );

  if (status !== 'success') {
    const notFound = error instanceof HTTPError && error.response.status === 404;
    return (
      <section className="dashboard-page" aria-labelledby="order-title">
        {back}
        <h1 id="order-title" className="page__title">
          {t('orderPage.order')}
        </h1>
        {status === 'pending' ? (
          <LoadingStatus label={t('orderPage.loading')} />
        ) : (
          <p className="notice notice--error" role="alert">
            {notFound ? t('orderPage.notFound') : t('orderPage.failed')}
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
          {t('orderPage.title', { number: formatDigits(order.orderNumber, lang) })}
        </h1>
        <OrderStatusBadge status={order.status} />
        <InvoiceButton order={order} describedBy="order-title" />
      </header>
      <p className="page__lead">
        {t('orderPage.placed')}{' '}
        <time dateTime={order.orderTime}>{lang === 'bn' ? formatDhakaDateTime(order.orderTime, lang) : formatDateTime(order.orderTime)}</time> ·{' '}
        {order.paymentMethod === 'Cash On Delivery' ? t('orderPage.cashOnDelivery') : order.paymentMethod}
      </p>
      {order.canceledBy && (
        <p className="page__lead" data-testid="canceled-by">
          {t(order.canceledBy === 'customer' ? 'orderPage.canceledBy.customer' : 'orderPage.canceledBy.shop')}
        </p>
      )}
      {order.deleted ? (
        <p className="notice notice--error" role="status" data-testid="order-removed">
          {t('orderPage.removed')}
        </p>
      ) : (
        order.removed && (
          // Canceled by its customer (issue 33): gone for them, still on the desk; an admin may delete it.
          <p className="notice" role="status" data-testid="order-canceled-by-customer">
            {t('orderPage.canceledByCustomer')}
          </p>
        )
      )}
      {manage && <OrderActions order={order} actions={actions} describedBy={`order-title ${nameId}`} removed={order.deleted} />}
      {manage && editable(order) && !editing && (
        <div className="order-page__edit-open">
          <button ref={editButton} type="button" className="button button--secondary button--small" aria-describedby="order-title" onClick={() => setEditing(true)}>
            {tEdit('orderEdit.open')}
          </button>
        </div>
      )}
      {manage && editing && editable(order) && <OrderEditForm order={order} onClose={() => setEditing(false)} />}

      <div className="order-page__grid">
        <section className="order-page__panel order-page__customer" aria-labelledby="order-customer-title">
          <h2 id="order-customer-title" className="order-page__subtitle">
            {t('orderPage.customer')}
          </h2>
          <dl className="order-page__facts" data-testid="order-customer">
            <div>
              <dt>{t('orderPage.name')}</dt>
              <dd id={nameId}>{order.name}</dd>
            </div>
            {order.email && (
              <div>
                <dt>{t('orderPage.email')}</dt>
                <dd>{order.email}</dd>
              </div>
            )}
            <div>
              <dt>{t('orderPage.phone')}</dt>
              <dd>{order.phone}</dd>
            </div>
            <div>
              <dt>{t('orderPage.address')}</dt>
              <dd>{order.address}</dd>
            </div>
            <div>
              <dt>{t('orderPage.zone')}</dt>
              <dd>{ZONES[order.deliveryLocation] ? t(ZONES[order.deliveryLocation]!) : order.deliveryLocation}</dd>
            </div>
          </dl>
          {!order.taken && origin(order) && (
            // A guest's order (decision 066): placed online by someone without an account.
            <dl className="order-page__facts" data-testid="order-guest">
              <div>
                <dt>{t('orderPage.placedHow')}</dt>
                <dd>{origin(order)}</dd>
              </div>
            </dl>
          )}
          {order.taken && (
            // Taken by the staff for a customer without an account (issue 36): where from, by whom, and what was given why.
            <dl className="order-page__facts" data-testid="order-taken">
              <div>
                <dt>{t('orderPage.taken')}</dt>
                <dd>{origin(order)}</dd>
              </div>
              {order.taken.discount && (
                <div>
                  <dt>{t('orderPage.shopDiscount', { amount: formatMoney(order.taken.discount.amount, lang) })}</dt>
                  <dd>{order.taken.discount.reason}</dd>
                </div>
              )}
              {order.taken.feeWaived && (
                <div>
                  <dt>{t('orderPage.feeWaived')}</dt>
                  <dd>{order.taken.feeWaived.reason}</dd>
                </div>
              )}
            </dl>
          )}
          {order.history && (
            <p className="order-page__history" data-testid="phone-history">
              {t('orderPage.history', {
                placed: formatNumber(order.history.placed, lang),
                pending: formatNumber(order.history.pending, lang),
                confirmed: formatNumber(order.history.confirmed, lang),
                canceledByShop: formatNumber(order.history.canceledByShop, lang),
                canceledByCustomer: formatNumber(order.history.canceledByCustomer, lang),
                delivered: formatNumber(order.history.delivered, lang),
                returned: formatNumber(order.history.returned, lang),
              })}{' '}
              <Link to={`${PAGES.allOrders.link()}?${new URLSearchParams({ q: order.phone }).toString()}`}>{t('orderPage.showHistory')}</Link>
            </p>
          )}
        </section>

        <section className="order-page__panel order-page__lines" aria-labelledby="order-lines-title">
          <h2 id="order-lines-title" className="order-page__subtitle">
            {t('orderPage.items')}
          </h2>
          <OrderItems items={order.cartItems} />
          <OrderTotals order={order} />
        </section>

        {advance && order.advance && (
          <section className="order-page__panel order-page__advance" aria-labelledby="order-advance-title">
            <h2 id="order-advance-title" className="order-page__subtitle">
              {t('orderPage.advance')}
            </h2>
            {advance(order, changed)}
          </section>
        )}

        {record && (
          <section className="order-page__panel order-page__record" aria-labelledby="order-record-title">
            <h2 id="order-record-title" className="order-page__subtitle">
              {t('orderPage.record')}
            </h2>
            {record(order)}
          </section>
        )}

        {parcel && (order.status === 'Confirmed' || order.delivery) && (
          <section className="order-page__panel order-page__parcel" aria-labelledby="order-parcel-title">
            <h2 id="order-parcel-title" className="order-page__subtitle">
              {t('orderPage.parcel')}
            </h2>
            {parcel(order, changed)}
          </section>
        )}

        <section className="order-page__panel order-page__timeline" aria-labelledby="order-timeline-title">
          <h2 id="order-timeline-title" className="order-page__subtitle">
            {t('orderPage.timeline')}
          </h2>
          <OrderEvents orderId={order._id} lines={order.cartItems} />
        </section>

        {can('customers.read') && (
          <section className="order-page__panel order-page__messages" aria-labelledby="order-messages-title">
            <h2 id="order-messages-title" className="order-page__subtitle">
              {t('orderPage.messages')}
            </h2>
            <OrderMessages orderId={order._id} />
          </section>
        )}
      </div>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAuth } from '../../../lib/auth/use-auth';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { formatDateTime as formatDhakaDateTime } from '../../../../../src/shared/locale-dates';
import { formatDigits, formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { useAllOrders } from '../api/get-all-orders';
import { newestFirst, ordersQueryKeyRoot, type Order } from '../api/get-orders';
import { DeskControls, useDeskFilter } from '../components/desk-controls';
import { OrderActions } from '../components/order-actions';
import { OrderItems } from '../components/order-items';
import { useOrderOrigin } from '../components/order-origin';
import { PackingSlipsButton, showTooManySlips } from '../components/packing-slips-button';
import { MAX_PACKING_SLIPS } from '../api/order-pdfs';
import { OrderStatusBadge } from '../components/order-status-badge';
import { isDeskFiltered } from '../desk-filter';
import { formatDateTime } from '../format-date';
import { useOrderActions } from '../use-order-actions';
import type { DeskLinkState } from '../order-path';
import { PAGES } from '../../../app/routes';
import { orderDeskMessages } from '../messages/order-desk';
import './all-orders-page.css';

/** Where a booked order's parcel is (issue 34), as the desk says it. */
const PARCEL_STATUSES = {
  booked: 'orderDesk.delivery.booked',
  picked_up: 'orderDesk.delivery.pickedUp',
  in_transit: 'orderDesk.delivery.inTransit',
  delivered: 'orderDesk.delivery.delivered',
  partly_delivered: 'orderDesk.delivery.partlyDelivered',
  returned: 'orderDesk.delivery.returned',
} as const satisfies Record<NonNullable<Order['delivery']>['status'], string>;

/** An order's advance by bKash (issue 35), as the desk's badge says it. */
const ADVANCE_BADGES = {
  awaiting: 'orderDesk.advance.awaiting',
  paid: 'orderDesk.advance.paid',
  expired: 'orderDesk.advance.expired',
  refunded: 'orderDesk.advance.refunded',
} as const satisfies Record<NonNullable<Order['advance']>['status'], string>;

/** A Confirmed order not booked with a courier yet: the desk may tick it to book it. */
const isBookable = (order: Order) => order.status === 'Confirmed' && order.delivery === null;

/** What the desk gives the app's "Book with courier" button (issue 34): the ticked orders, and what to do once they are booked. */
export type DeskBookingProps = { orderIds: readonly string[]; onDone: () => void };

const ZONES: Record<string, 'orderDesk.zone.insideDhaka' | 'orderDesk.zone.suburbsDhaka' | 'orderDesk.zone.outsideDhaka'> = {
  'Inside Dhaka': 'orderDesk.zone.insideDhaka',
  'Suburbs Dhaka': 'orderDesk.zone.suburbsDhaka',
  'Outside Dhaka': 'orderDesk.zone.outsideDhaka',
};

/**
 * /dashboard/allorders (admin): the orders desk. Every order, newest first, a page at a time (?page=),
 * found by number, phone, name or email (?q=), status and days placed (?status=, ?from=, ?to=);
 * Confirm or Cancel a Pending one, Delete any, open one on its own page. Six columns, so that the
 * total, the status and the buttons are in view at 1366 px beside the menu; each order a card where
 * the page is narrower (all-orders-page.css). Where the app gives `booking` (issue 34), Confirmed
 * orders not booked yet can be ticked and booked with a courier in one go; each row says where its
 * parcel is. Issue 36: the desk needs orders.read; Confirm, Cancel and Delete show for orders.manage,
 * packing slips for orders.pack (and the app gives `booking` only to a role that holds it).
 */
export function AllOrdersPage({ booking: BookingButton }: { booking?: ComponentType<DeskBookingProps> } = {}) {
  const t = useT(orderDeskMessages);
  const origin = useOrderOrigin();
  const lang = useLanguage();
  // An order's number as a Bengali page writes digits (no grouping: it is a name, searched as typed).
  const digits = (n: number) => formatDigits(n, lang);
  const page = usePageParam();
  const { filter, change } = useDeskFilter();
  const { search } = useLocation();
  const { data, status } = useAllOrders(page, filter);
  const orders = data?.items ?? [];
  const actions = useOrderActions();
  const { can } = useAuth();
  const manage = can('orders.manage');
  const pack = can('orders.pack');
  const linkState: DeskLinkState = { desk: search };
  // The orders ticked for packing slips (50 at most), kept across pages and filters until cleared.
  const [picked, setPicked] = useState<readonly string[]>([]);
  const toggle = (id: string) => {
    if (picked.includes(id)) setPicked(picked.filter((other) => other !== id));
    else if (picked.length >= MAX_PACKING_SLIPS) void showTooManySlips(t, lang);
    else setPicked([...picked, id]);
  };
  // The orders ticked to book with a courier: Confirmed, not booked yet.
  const [toBook, setToBook] = useState<readonly string[]>([]);
  const bookable = orders.filter(isBookable).map((order) => order._id);
  const allToBook = bookable.length > 0 && bookable.every((id) => toBook.includes(id));
  const toggleBook = (id: string) => setToBook(toBook.includes(id) ? toBook.filter((other) => other !== id) : [...toBook, id]);
  const toggleAllToBook = () => setToBook(allToBook ? toBook.filter((id) => !bookable.includes(id)) : [...new Set([...toBook, ...bookable])]);
  const queryClient = useQueryClient();
  const booked = () => {
    setToBook([]);
    void queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot });
  };

  return (
    <section className="dashboard-page order-desk" aria-labelledby="all-orders-title">
      <h1 id="all-orders-title" className="page__title">
        {t('orderDesk.title')}
      </h1>
      <DeskControls filter={filter} change={change} />
      <QueryStatus status={status} loading={t('orderDesk.loading')} failed={t('orderDesk.failed')} />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="orders-total" aria-live="polite">
            {t('orderDesk.total', { count: digits(data.total) })}
          </p>
          {pack && (
            <div className="order-desk__picked">
              <PackingSlipsButton orderIds={picked} />
              {picked.length > 0 && (
                <button type="button" className="button button--secondary button--small" onClick={() => setPicked([])}>
                  {t('orderDesk.clearSelection')}
                </button>
              )}
            </div>
          )}
          {BookingButton && (bookable.length > 0 || toBook.length > 0) && (
            <div className="order-desk__picked order-desk__booking" data-testid="desk-booking">
              {bookable.length > 0 && (
                <label className="order-desk__book-all">
                  <input type="checkbox" className="order-desk__pick" checked={allToBook} onChange={toggleAllToBook} data-testid="book-all" />
                  {t('orderDesk.book.all', { count: digits(bookable.length) })}
                </label>
              )}
              <BookingButton orderIds={toBook} onDone={booked} />
              {toBook.length > 0 && (
                <button type="button" className="button button--secondary button--small" onClick={() => setToBook([])}>
                  {t('orderDesk.book.clear')}
                </button>
              )}
            </div>
          )}
          {orders.length === 0 && page === 1 ? (
            <p className="notice" data-testid="empty-state">
              {isDeskFiltered(filter) ? t('orderDesk.noMatch') : t('orderDesk.none')}
            </p>
          ) : (
            <DataTable
              labelledBy="all-orders-title"
              caption={t('orderDesk.caption')}
              columns={[
                t('orderDesk.column.order'),
                t('orderDesk.column.customer'),
                t('orderDesk.column.items'),
                t('orderDesk.column.total'),
                t('orderDesk.column.status'),
                t('orderDesk.column.actions'),
              ]}
              className="data-table order-desk__table"
            >
              {newestFirst(orders).map((order) => {
                const numberId = `order-${order._id}-number`;
                const nameId = `order-${order._id}-customer`;
                return (
                  <tr key={order._id} data-testid="admin-order" data-order-id={order._id}>
                    <th scope="row" className="order-desk__order">
                      {pack && (
                        <input
                          type="checkbox"
                          className="order-desk__pick"
                          checked={picked.includes(order._id)}
                          onChange={() => toggle(order._id)}
                          aria-label={t('orderDesk.pick', { number: digits(order.orderNumber) })}
                          data-testid="pick-order"
                        />
                      )}
                      <Link id={numberId} to={PAGES.order.link(order._id)} state={linkState} data-testid="order-number">
                        {t('orderDesk.order', { number: digits(order.orderNumber) })}
                      </Link>
                      <time dateTime={order.orderTime} className="order-desk__time">
                        {lang === 'bn' ? formatDhakaDateTime(order.orderTime, lang) : formatDateTime(order.orderTime)}
                      </time>
                    </th>
                    <td className="order-desk__customer">
                      <span id={nameId} className="order-desk__name">
                        {order.name}
                      </span>
                      <span className="order-desk__line">{order.phone}</span>
                      {/* No email: taken by the staff, or a guest's (issue 36): how it came instead. */}
                      <span className="order-desk__line order-desk__wrap" data-testid={order.email === '' ? 'order-origin' : undefined}>
                        {order.email || origin(order)}
                      </span>
                      <span className="order-desk__line order-desk__wrap order-desk__muted">
                        {order.address} · {ZONES[order.deliveryLocation] ? t(ZONES[order.deliveryLocation]!) : order.deliveryLocation}
                      </span>
                    </td>
                    <td className="order-desk__items">
                      <OrderItems items={order.cartItems} compact />
                    </td>
                    <td className="order-desk__total" data-testid="order-total">
                      {formatMoney(order.amount, lang)}
                      {order.appliedCoupon && <span className="data-table__tag order-desk__line">({order.appliedCoupon})</span>}
                      {order.advance && (
                        // Its advance by bKash (issue 35): paid (late: to refund), refunded.
                        <span
                          className={`order-desk__advance order-desk__advance--${order.advance.status}`}
                          data-testid="advance-badge"
                          data-status={order.advance.status}
                        >
                          {t(order.advance.late && order.advance.status === 'paid' ? 'orderDesk.advance.late' : ADVANCE_BADGES[order.advance.status], {
                            amount: formatNumber(order.advance.amount, lang),
                          })}
                        </span>
                      )}
                    </td>
                    <td className="order-desk__status">
                      <OrderStatusBadge status={order.status} />
                      {order.canceledBy && (
                        // Who canceled it (issue 33): the customer's cancel is gone for them, kept here for the shop.
                        <span className="order-desk__line order-desk__muted order-desk__canceled-by" data-testid="canceled-by">
                          {t(order.canceledBy === 'customer' ? 'orderDesk.canceledBy.customer' : 'orderDesk.canceledBy.shop')}
                        </span>
                      )}
                      {order.delivery && (
                        // Where its parcel is (issue 34) and the code the courier tracks it by.
                        <span className="order-desk__line order-desk__parcel" data-testid="parcel" data-status={order.delivery.status}>
                          {t('orderDesk.parcel', { status: t(PARCEL_STATUSES[order.delivery.status]) })}
                          <span className="order-desk__line order-desk__muted" data-testid="tracking-code">
                            {t('orderDesk.tracking', { code: order.delivery.trackingCode })}
                          </span>
                        </span>
                      )}
                      {BookingButton && isBookable(order) && (
                        <label className="order-desk__line order-desk__book">
                          <input
                            type="checkbox"
                            className="order-desk__pick"
                            checked={toBook.includes(order._id)}
                            onChange={() => toggleBook(order._id)}
                            aria-label={t('orderDesk.book.pick', { number: digits(order.orderNumber) })}
                            data-testid="book-order"
                          />
                          {t('orderDesk.book.mark')}
                        </label>
                      )}
                    </td>
                    <td className="order-desk__actions">
                      {manage && <OrderActions order={order} actions={actions} describedBy={`${numberId} ${nameId}`} />}
                    </td>
                  </tr>
                );
              })}
            </DataTable>
          )}
          <Pager page={page} total={data.total} shown={orders.length} />
        </>
      )}
    </section>
  );
}

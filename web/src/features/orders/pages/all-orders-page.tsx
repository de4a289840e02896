import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useAllOrders } from '../api/get-all-orders';
import { newestFirst } from '../api/get-orders';
import { DeskControls, useDeskFilter } from '../components/desk-controls';
import { OrderActions } from '../components/order-actions';
import { OrderItems } from '../components/order-items';
import { PackingSlipsButton, showTooManySlips } from '../components/packing-slips-button';
import { MAX_PACKING_SLIPS } from '../api/order-pdfs';
import { OrderStatusBadge } from '../components/order-status-badge';
import { isDeskFiltered } from '../desk-filter';
import { formatDateTime } from '../format-date';
import { useOrderActions } from '../use-order-actions';
import { orderPagePath, type DeskLinkState } from '../order-path';
import './all-orders-page.css';

/**
 * /dashboard/allorders (admin): the orders desk. Every order, newest first, a page at a time (?page=),
 * found by number, phone, name or email (?q=), status and days placed (?status=, ?from=, ?to=);
 * Confirm or Cancel a Pending one, Delete any, open one on its own page. Six columns, so that the
 * total, the status and the buttons are in view at 1366 px beside the menu; each order a card where
 * the page is narrower (all-orders-page.css).
 */
export function AllOrdersPage() {
  const page = usePageParam();
  const { filter, change } = useDeskFilter();
  const { search } = useLocation();
  const { data, status } = useAllOrders(page, filter);
  const orders = data?.items ?? [];
  const actions = useOrderActions();
  const linkState: DeskLinkState = { desk: search };
  // The orders ticked for packing slips (50 at most), kept across pages and filters until cleared.
  const [picked, setPicked] = useState<readonly string[]>([]);
  const toggle = (id: string) => {
    if (picked.includes(id)) setPicked(picked.filter((other) => other !== id));
    else if (picked.length >= MAX_PACKING_SLIPS) void showTooManySlips();
    else setPicked([...picked, id]);
  };

  return (
    <section className="dashboard-page order-desk" aria-labelledby="all-orders-title">
      <h1 id="all-orders-title" className="page__title">
        All Orders
      </h1>
      <DeskControls filter={filter} change={change} />
      <QueryStatus status={status} loading="Loading orders..." failed="Failed to load orders" />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="orders-total" aria-live="polite">
            Total Orders: {data.total}
          </p>
          <div className="order-desk__picked">
            <PackingSlipsButton orderIds={picked} />
            {picked.length > 0 && (
              <button type="button" className="button button--secondary button--small" onClick={() => setPicked([])}>
                Clear selection
              </button>
            )}
          </div>
          {orders.length === 0 && page === 1 ? (
            <p className="notice" data-testid="empty-state">
              {isDeskFiltered(filter) ? 'No orders match.' : 'No orders yet.'}
            </p>
          ) : (
            <DataTable
              labelledBy="all-orders-title"
              caption="All orders, newest first"
              columns={['Order', 'Customer', 'Items', 'Total', 'Status', 'Actions']}
              className="data-table order-desk__table"
            >
              {newestFirst(orders).map((order) => {
                const numberId = `order-${order._id}-number`;
                const nameId = `order-${order._id}-customer`;
                return (
                  <tr key={order._id} data-testid="admin-order" data-order-id={order._id}>
                    <th scope="row" className="order-desk__order">
                      <input
                        type="checkbox"
                        className="order-desk__pick"
                        checked={picked.includes(order._id)}
                        onChange={() => toggle(order._id)}
                        aria-label={`Select order ${order.orderNumber} for packing slips`}
                        data-testid="pick-order"
                      />
                      <Link id={numberId} to={orderPagePath(order._id)} state={linkState} data-testid="order-number">
                        Order {order.orderNumber}
                      </Link>
                      <time dateTime={order.orderTime} className="order-desk__time">
                        {formatDateTime(order.orderTime)}
                      </time>
                    </th>
                    <td className="order-desk__customer">
                      <span id={nameId} className="order-desk__name">
                        {order.name}
                      </span>
                      <span className="order-desk__line">{order.phone}</span>
                      <span className="order-desk__line order-desk__wrap">{order.email}</span>
                      <span className="order-desk__line order-desk__wrap order-desk__muted">
                        {order.address} · {order.deliveryLocation}
                      </span>
                    </td>
                    <td className="order-desk__items">
                      <OrderItems items={order.cartItems} compact />
                    </td>
                    <td className="order-desk__total" data-testid="order-total">
                      {order.amount} BDT
                      {order.appliedCoupon && <span className="data-table__tag order-desk__line">({order.appliedCoupon})</span>}
                    </td>
                    <td className="order-desk__status">
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className="order-desk__actions">
                      <OrderActions order={order} actions={actions} describedBy={`${numberId} ${nameId}`} />
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

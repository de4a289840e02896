import { Fragment, useState } from 'react';
import { DataTable } from '../../../components/data-table';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { confirmThenRun, loadSwal, showFailure } from '../../../lib/dialog';
import { PAGE_SIZE } from '../../../lib/paging';
import { useDeleteOrder } from '../api/delete-order';
import { useAllOrders } from '../api/get-all-orders';
import { newestFirst, type Order } from '../api/get-orders';
import { useUpdateOrderStatus, type StatusChange } from '../api/update-order-status';
import { OrderItems } from '../components/order-items';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderTimeline } from '../components/order-timeline';
import { formatDateTime } from '../format-date';

const COLUMNS = 11;

/** /dashboard/allorders (admin): every order, newest first, a page at a time (?page=); Confirm or Cancel a Pending one, Delete any. */
export function AllOrdersPage() {
  const page = usePageParam();
  const { data, status } = useAllOrders(page);
  const orders = data?.items ?? [];
  const updateStatus = useUpdateOrderStatus();
  const deleteOrder = useDeleteOrder();
  const [openTimelines, setOpenTimelines] = useState<ReadonlySet<string>>(new Set());
  const busy = updateStatus.isPending || deleteOrder.isPending;

  function toggleTimeline(id: string) {
    setOpenTimelines((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  async function handleStatus(order: Order, change: StatusChange['status']) {
    try {
      await updateStatus.mutateAsync({ id: order._id, status: change });
    } catch (error) {
      await showFailure(error);
      return;
    }
    const Swal = await loadSwal();
    void Swal.fire({ icon: 'success', title: `Success: Order marked as ${change}` });
  }

  function handleDelete(order: Order) {
    return confirmThenRun({
      confirm: { title: 'Delete permanently?', text: "This order will be removed permanently. You won't be able to revert this!", confirmButtonText: 'Yes, delete it!' },
      run: () => deleteOrder.mutateAsync(order._id),
      success: { title: 'Deleted', text: `The order of ${order.name} has been deleted.` },
    });
  }

  return (
    <section className="dashboard-page" aria-labelledby="all-orders-title">
      <h1 id="all-orders-title" className="page__title">
        All Orders
      </h1>
      <QueryStatus status={status} loading="Loading orders..." failed="Failed to load orders" />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="orders-total">
            Total Orders: {data.total}
          </p>
          {orders.length === 0 && page === 1 ? (
            <p className="notice">No orders yet.</p>
          ) : (
            <DataTable
              labelledBy="all-orders-title"
              caption="All orders, newest first"
              columns={['#', 'Customer', 'Email', 'Phone', 'Address', 'Location', 'Items', 'Total', 'Status', 'Time', 'Actions']}
              className="data-table orders-table"
            >
              {newestFirst(orders).map((order, index) => {
                const nameId = `order-${order._id}-customer`;
                const timelineId = `order-${order._id}-timeline`;
                const pending = order.status === 'Pending';
                const open = openTimelines.has(order._id);
                return (
                  <Fragment key={order._id}>
                    <tr data-testid="admin-order" data-order-id={order._id}>
                      <td>{(page - 1) * PAGE_SIZE + index + 1}</td>
                      <th scope="row" id={nameId}>
                        {order.name}
                      </th>
                      <td className="data-table__nowrap">{order.email}</td>
                      <td className="data-table__nowrap">{order.phone}</td>
                      <td className="orders-table__address">{order.address}</td>
                      <td className="data-table__nowrap">{order.deliveryLocation}</td>
                      <td className="orders-table__items">
                        <OrderItems items={order.cartItems} compact />
                      </td>
                      <td className="data-table__nowrap" data-testid="order-total">
                        {order.amount} BDT
                        {order.appliedCoupon && <span className="data-table__tag"> ({order.appliedCoupon})</span>}
                      </td>
                      <td>
                        <OrderStatusBadge status={order.status} />
                      </td>
                      <td className="data-table__nowrap">
                        <time dateTime={order.orderTime}>{formatDateTime(order.orderTime)}</time>
                      </td>
                      <td>
                        <div className="data-table__actions">
                          <button
                            type="button"
                            className="button button--primary button--small"
                            aria-describedby={nameId}
                            disabled={busy || !pending}
                            onClick={() => void handleStatus(order, 'Confirmed')}
                          >
                            Confirm
                          </button>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-describedby={nameId}
                            disabled={busy || !pending}
                            onClick={() => void handleStatus(order, 'Canceled')}
                          >
                            Cancel
                          </button>
                          <button
                            type="button"
                            className="button button--danger button--small"
                            aria-describedby={nameId}
                            disabled={busy}
                            onClick={() => void handleDelete(order)}
                          >
                            Delete
                          </button>
                          <button
                            type="button"
                            className="button button--secondary button--small"
                            aria-expanded={open}
                            aria-controls={open ? timelineId : undefined}
                            aria-describedby={nameId}
                            onClick={() => toggleTimeline(order._id)}
                          >
                            Timeline
                          </button>
                        </div>
                      </td>
                    </tr>
                    {open && (
                      <tr className="orders-table__timeline-row" data-testid="order-timeline-row">
                        <td colSpan={COLUMNS}>
                          <OrderTimeline orderId={order._id} showActor id={timelineId} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
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

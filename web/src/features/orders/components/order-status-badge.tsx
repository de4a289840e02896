import type { OrderStatus } from '../api/get-orders';
import { useT } from '../../../lib/i18n/i18n';
import { ordersMessages } from '../messages/orders';

const STATUS_IDS = {
  Pending: 'orders.status.pending',
  Confirmed: 'orders.status.confirmed',
  Canceled: 'orders.status.canceled',
} as const satisfies Record<OrderStatus, string>;

/** Pending, Confirmed or Canceled, in words and colour (the word alone carries the meaning). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT(ordersMessages);
  return (
    <span className={`status-badge status-badge--${status.toLowerCase()}`} data-testid="order-status">
      {status in STATUS_IDS ? t(STATUS_IDS[status]) : status}
    </span>
  );
}

import type { OrderStatus } from '../api/get-orders';

/** Pending, Confirmed or Canceled, in words and colour (the word alone carries the meaning). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`status-badge status-badge--${status.toLowerCase()}`} data-testid="order-status">
      {status}
    </span>
  );
}

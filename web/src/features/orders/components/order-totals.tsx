import type { Order } from '../api/get-orders';

/** Subtotal, discount (when there is one), delivery fee and total of a placed order. */
export function OrderTotals({ order, className = 'totals' }: { order: Order; className?: string }) {
  return (
    <dl className={className}>
      <div className="totals__row">
        <dt>Subtotal</dt>
        <dd>{order.subtotal} BDT</dd>
      </div>
      {order.discount > 0 && (
        <div className="totals__row">
          <dt>
            Discount ({order.discountPercent}%{order.appliedCoupon ? `, ${order.appliedCoupon}` : ''})
          </dt>
          <dd>- {order.discount} BDT</dd>
        </div>
      )}
      <div className="totals__row">
        <dt>Delivery Fee ({order.deliveryLocation})</dt>
        <dd>{order.fee} BDT</dd>
      </div>
      <div className="totals__row totals__row--total">
        <dt>Total</dt>
        <dd data-testid="order-total">{order.amount} BDT</dd>
      </div>
    </dl>
  );
}

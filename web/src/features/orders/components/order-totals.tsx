import type { Order } from '../api/get-orders';
import { formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { discountParts, percentToBasisPoints } from '../../../../../src/shared/money';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { ordersMessages } from '../messages/orders';

const ZONE_IDS: Readonly<Record<string, 'orders.zone.inside' | 'orders.zone.suburbs' | 'orders.zone.outside'>> = {
  'Inside Dhaka': 'orders.zone.inside',
  'Suburbs Dhaka': 'orders.zone.suburbs',
  'Outside Dhaka': 'orders.zone.outside',
};

/** Subtotal, discount (when there is one), delivery fee and total of a placed order. */
export function OrderTotals({ order, className = 'totals' }: { order: Order; className?: string }) {
  const t = useT(ordersMessages);
  const lang = useLanguage();
  const zone = ZONE_IDS[order.deliveryLocation];
  // An order the staff took (issue 36): the coupon's discount and the shop's on rows of their own.
  const parts = order.taken ? discountParts({ subtotal: order.subtotal, discountBasisPoints: percentToBasisPoints(order.discountPercent), discount: order.discount }) : { coupon: order.discount, shop: 0 };
  const zoneName = zone ? t(zone) : order.deliveryLocation;
  return (
    <dl className={className}>
      <div className="totals__row">
        <dt>{t('orders.subtotal')}</dt>
        <dd>{formatMoney(order.subtotal, lang)}</dd>
      </div>
      {parts.coupon > 0 && (
        <div className="totals__row">
          <dt>
            {t('orders.discount', {
              percent: formatNumber(order.discountPercent, lang),
              coupon: order.appliedCoupon ? `, ${order.appliedCoupon}` : '',
            })}
          </dt>
          <dd>{t('orders.minus', { amount: formatMoney(parts.coupon, lang) })}</dd>
        </div>
      )}
      {parts.shop > 0 && (
        <div className="totals__row">
          <dt>{t('orders.shopDiscount')}</dt>
          <dd>{t('orders.minus', { amount: formatMoney(parts.shop, lang) })}</dd>
        </div>
      )}
      <div className="totals__row">
        <dt>{order.taken?.feeWaived ? t('orders.feeWaived', { zone: zoneName }) : t('orders.fee', { zone: zoneName })}</dt>
        <dd>{formatMoney(order.fee, lang)}</dd>
      </div>
      <div className="totals__row totals__row--total">
        <dt>{t('orders.totalAmount')}</dt>
        <dd data-testid="order-total">{formatMoney(order.amount, lang)}</dd>
      </div>
    </dl>
  );
}

import { responsiveImageProps } from '../../../lib/image-srcset';
import type { OrderLine } from '../api/get-orders';
import { formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT, type Lang, type Translate } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';
import { ordersMessages } from '../messages/orders';

/** A line as it is shown: a priced one (the shop's, the customer's), or one to pack, which has no price (issue 36). */
type ShownLine = Pick<OrderLine, 'productId' | 'title' | 'titleBn' | 'image' | 'size' | 'color' | 'sizeBn' | 'colorBn' | 'quantity'> & { price?: number };

type OrderItemsProps = {
  items: readonly ShownLine[];
  /** Small text list without images (the admin table). */
  compact?: boolean;
};

function details(item: ShownLine, t: Translate<'orders.item.size' | 'orders.item.color' | 'orders.item.qty'>, lang: Lang): string {
  return [
    item.size && t('orders.item.size', { size: localized(lang, item.size, item.sizeBn) }),
    item.color && t('orders.item.color', { color: localized(lang, item.color, item.colorBn) }),
    t('orders.item.qty', { quantity: formatNumber(item.quantity, lang) }),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The lines of an order as they were priced when it was placed; a line without a price (to pack) shows none. */
export function OrderItems({ items, compact = false }: OrderItemsProps) {
  const t = useT(ordersMessages);
  const lang = useLanguage();
  if (compact) {
    return (
      <ul className="order-items order-items--compact">
        {items.map((item, index) => (
          <li key={`${item.productId}-${item.size}-${item.color}-${index}`}>
            {localized(lang, item.title, item.titleBn)} × {formatNumber(item.quantity, lang)}
            {(item.size || item.color) && (
              <span className="order-items__details"> ({[localized(lang, item.size, item.sizeBn), localized(lang, item.color, item.colorBn)].filter(Boolean).join(', ')})</span>
            )}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="order-items">
      {items.map((item, index) => (
        <li key={`${item.productId}-${item.size}-${item.color}-${index}`} className="order-items__line" data-testid="order-item">
          {item.image ? (
            <img {...responsiveImageProps(item.image, '56px')} alt="" width={56} height={56} loading="lazy" className="data-table__thumb" />
          ) : (
            <span className="order-items__no-photo" aria-hidden="true" />
          )}
          <span className="order-items__text">
            <span className="order-items__title">{localized(lang, item.title, item.titleBn)}</span>
            <span className="order-items__details">{details(item, t, lang)}</span>
          </span>
          {item.price !== undefined && <span className="order-items__price">{formatMoney(item.price, lang)}</span>}
        </li>
      ))}
    </ul>
  );
}

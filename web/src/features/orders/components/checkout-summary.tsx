import { responsiveImageProps } from '../../../lib/image-srcset';
import type { CheckoutTotals } from '../checkout-rules';
import { formatMoney, formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { checkoutMessages } from '../messages/checkout';

export type CheckoutLine = {
  key: string;
  title: string;
  image: string;
  size: string;
  color: string;
  /** The size and color in the language shown (their Bengali names in Bengali, issue 33). */
  sizeLabel: string;
  colorLabel: string;
  quantity: number;
  unitPrice: number;
  /** unitPrice x quantity */
  price: number;
  /** false for a product deleted since it was put in the cart. */
  available: boolean;
};

type CheckoutSummaryProps = {
  lines: readonly CheckoutLine[];
  totals: CheckoutTotals;
  /** True until a delivery location is chosen (the fee shown is the default). */
  defaultFee: boolean;
};

/** The lines being ordered and the money: Subtotal, Discount, Delivery Fee and Total. */
export function CheckoutSummary({ lines, totals, defaultFee }: CheckoutSummaryProps) {
  const t = useT(checkoutMessages);
  const lang = useLanguage();
  const money = (amount: number) => formatMoney(amount, lang);
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        {t('checkout.summary')}
      </h2>
      <ul className="order-items">
        {lines.map((line) => (
          <li key={line.key} className="order-items__line" data-testid="checkout-line">
            {line.image ? (
              <img {...responsiveImageProps(line.image, '56px')} alt="" width={56} height={56} className="data-table__thumb" />
            ) : (
              <span className="order-items__no-photo" aria-hidden="true" />
            )}
            <span className="order-items__text">
              <span className="order-items__title">
                {line.available ? line.title : <span className="status-badge status-badge--canceled">{t('checkout.noLongerAvailable')}</span>}
              </span>
              <span className="order-items__details">
                {[
                  line.size && t('checkout.size', { size: line.sizeLabel }),
                  line.color && t('checkout.color', { color: line.colorLabel }),
                  t('checkout.times', { quantity: formatNumber(line.quantity, lang), price: money(line.unitPrice) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <span className="order-items__price">{money(line.price)}</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div className="totals__row">
          <dt>{t('checkout.subtotal')}</dt>
          <dd data-testid="summary-subtotal">{money(totals.subtotal)}</dd>
        </div>
        <div className="totals__row">
          <dt>
            {totals.discountPercent > 0
              ? t('checkout.discountPercent', { percent: formatNumber(totals.discountPercent, lang) })
              : t('checkout.discount')}
          </dt>
          <dd data-testid="summary-discount">{totals.discount > 0 ? t('checkout.minus', { amount: money(totals.discount) }) : money(0)}</dd>
        </div>
        <div className="totals__row">
          <dt>
            {t('checkout.fee')}
            {defaultFee && <span className="totals__note"> {t('checkout.feeNote')}</span>}
          </dt>
          <dd data-testid="summary-fee">{money(totals.fee)}</dd>
        </div>
        <div className="totals__row totals__row--total">
          <dt>{t('checkout.total')}</dt>
          <dd data-testid="summary-total">{money(totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}

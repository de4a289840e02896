import { responsiveImageProps } from '../../../lib/image-srcset';
import type { CheckoutTotals } from '../checkout-rules';

export type CheckoutLine = {
  key: string;
  title: string;
  image: string;
  size: string;
  color: string;
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
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Order Summary
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
                {line.available ? line.title : <span className="status-badge status-badge--canceled">No longer available</span>}
              </span>
              <span className="order-items__details">
                {[line.size && `Size: ${line.size}`, line.color && `Color: ${line.color}`, `${line.quantity} × ${line.unitPrice} BDT`]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
            <span className="order-items__price">{line.price} BDT</span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div className="totals__row">
          <dt>Subtotal</dt>
          <dd data-testid="summary-subtotal">{totals.subtotal} BDT</dd>
        </div>
        <div className="totals__row">
          <dt>Discount{totals.discountPercent > 0 && ` (${totals.discountPercent}%)`}</dt>
          <dd data-testid="summary-discount">{totals.discount > 0 ? `- ${totals.discount} BDT` : '0 BDT'}</dd>
        </div>
        <div className="totals__row">
          <dt>
            Delivery Fee{defaultFee && <span className="totals__note"> (until a location is chosen)</span>}
          </dt>
          <dd data-testid="summary-fee">{totals.fee} BDT</dd>
        </div>
        <div className="totals__row totals__row--total">
          <dt>Total</dt>
          <dd data-testid="summary-total">{totals.total} BDT</dd>
        </div>
      </dl>
    </section>
  );
}

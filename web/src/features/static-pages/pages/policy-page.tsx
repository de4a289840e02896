import { GoBack } from '../../../components/go-back';

export function PolicyPage() {
  return (
    <article className="page container container--narrow">
      <GoBack />
      <h1 className="page__title">Our Policy</h1>
      <p className="page__lead">Please read this before placing an order. It applies to every purchase.</p>

      <section className="page__section" id="return-exchange" aria-labelledby="policy-returns">
        <h2 id="policy-returns">Return &amp; Exchange</h2>
        <p>All sales are final, with no returns or exchanges.</p>
      </section>

      <section className="page__section" id="order-issues" aria-labelledby="policy-issues">
        <h2 id="policy-issues">Order Issues</h2>
        <p>Wrong, defective or damaged items must be reported within 48 hours of delivery with photos.</p>
        <p>Replacement or refund applies only if the shop was at fault.</p>
      </section>

      <section className="page__section" id="payment-delivery" aria-labelledby="policy-payment">
        <h2 id="policy-payment">Payment &amp; Delivery</h2>
        <p>
          We accept Cash On Delivery only. The delivery fee is 60 BDT inside Dhaka, 80 BDT in the Dhaka suburbs and
          100 BDT outside Dhaka, and it is added to your order total at checkout.
        </p>
      </section>
    </article>
  );
}

import { GoBack } from '../../../components/go-back';

export function AboutPage() {
  return (
    <article className="page container container--narrow">
      <GoBack />
      <h1 className="page__title">About Us</h1>
      <p className="page__lead">
        We are a small team of anime fans and card collectors in Bangladesh, bringing the merchandise we love to
        fellow fans across the country.
      </p>

      <section className="page__section" aria-labelledby="about-what">
        <h2 id="about-what">What we sell</h2>
        <p>
          Scale and chibi anime figures, trading cards and sealed booster packs, apparel, posters, keychains and plush
          toys. Every listing shows clear photos, the available sizes and colours, and a price in Bangladeshi taka
          (BDT), so there are no surprises at the door.
        </p>
      </section>

      <section className="page__section" aria-labelledby="about-how">
        <h2 id="about-how">How ordering works</h2>
        <p>
          Add what you like to your cart, check out with your name, phone number and address, and pay in cash when
          the parcel arrives. We deliver inside Dhaka, to the Dhaka suburbs and to the rest of Bangladesh; the delivery
          fee is shown at checkout before you confirm.
        </p>
      </section>

      <section className="page__section" aria-labelledby="about-care">
        <h2 id="about-care">Packed with care</h2>
        <p>
          Collectibles are only as good as their condition. Figures stay in their original boxes and cards are
          sleeved and packed flat, so your order reaches you the way it left our shelf.
        </p>
      </section>
    </article>
  );
}

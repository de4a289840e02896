import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';
import { PAGES } from '../../../app/routes';
import { deliveryShopperMessages } from '../messages/delivery-shopper';
import type { OrderDelivery } from '../parcel-words';
import { ParcelFacts } from './parcel-facts';

type ParcelStatusProps = {
  orderNumber: number;
  /** The phone the order was placed with: the tracking page is opened with it filled in. */
  phone: string;
  delivery: OrderDelivery;
  /** The id of the heading of what the parcel belongs to (an order card's), read with the link. */
  describedBy?: string;
};

/** The state the tracking page reads a phone from (never in the address: it would stay in the history). */
export type TrackLinkState = { phone?: string };

/**
 * Where an order's parcel is, on a shopper's order (My Orders): the courier, its tracking code and
 * status, the courier's latest words, and a link to the tracking page. Nothing for an order not booked.
 */
export function ParcelStatus({ orderNumber, phone, delivery, describedBy }: ParcelStatusProps) {
  const t = useT(deliveryShopperMessages);
  if (!delivery) return null;
  const headingId = `parcel-${orderNumber}-title`;
  return (
    <section className="parcel-status" aria-labelledby={headingId} data-testid="parcel-status">
      <h3 id={headingId} className="parcel-status__title">
        {t('deliveryShopper.parcel.title')}
      </h3>
      <ParcelFacts parcel={delivery} />
      <Link
        className="parcel-status__track"
        to={`${PAGES.track.link()}?${new URLSearchParams({ order: String(orderNumber) }).toString()}`}
        state={{ phone } satisfies TrackLinkState}
        aria-describedby={describedBy}
      >
        {t('deliveryShopper.parcel.track')}
      </Link>
    </section>
  );
}

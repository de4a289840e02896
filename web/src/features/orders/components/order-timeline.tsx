import { useOrderEvents, type OrderEventType } from '../api/get-order-events';
import { formatDateTimeFor } from '../format-date';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/i18n';
import { ordersMessages } from '../messages/orders';

const LABEL_IDS = {
  Placed: 'orders.event.placed',
  Confirmed: 'orders.event.confirmed',
  Canceled: 'orders.event.canceled',
  CanceledByCustomer: 'orders.event.canceledByCustomer',
  Deleted: 'orders.event.deleted',
  Imported: 'orders.event.imported',
  Booked: 'orders.event.booked',
  PickedUp: 'orders.event.pickedUp',
  InTransit: 'orders.event.inTransit',
  Delivered: 'orders.event.delivered',
  PartlyDelivered: 'orders.event.partlyDelivered',
  Returned: 'orders.event.returned',
  ReturnReceived: 'orders.event.returnReceived',
  Settled: 'orders.event.settled',
  BookingCanceled: 'orders.event.bookingCanceled',
  AdvancePaid: 'orders.event.advancePaid',
  PaymentExpired: 'orders.event.paymentExpired',
  AdvanceRefunded: 'orders.event.advanceRefunded',
  Edited: 'orders.event.edited',
} as const satisfies Record<OrderEventType, string>;

/** An event's name in the language shown (the orders namespace); a type this app does not know, as the server names it. */
export function eventName(t: Translate<(typeof LABEL_IDS)[OrderEventType]>, type: string): string {
  const id = (LABEL_IDS as Partial<Record<string, (typeof LABEL_IDS)[OrderEventType]>>)[type];
  return id ? t(id) : type;
}

type OrderTimelineProps = {
  orderId: string;
  id?: string;
};

/** What happened to one order and when, oldest first (GET orders/:id/events). */
export function OrderTimeline({ orderId, id }: OrderTimelineProps) {
  const { data, status } = useOrderEvents(orderId);
  const t = useT(ordersMessages);
  const lang = useLanguage();

  if (status === 'pending') {
    return (
      <p id={id} className="timeline__status" role="status">
        {t('orders.timelineLoading')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p id={id} className="timeline__status timeline__status--error">
        {t('orders.timelineFailed')}
      </p>
    );
  }
  const { items: events, total } = data;
  const more = total - events.length;
  return (
    <>
      <ol id={id} className="timeline" data-testid="order-timeline">
        {events.map((event) => (
          <li key={event.seq} className="timeline__event" data-testid="timeline-event">
            <time dateTime={event.at} className="timeline__time">
              {formatDateTimeFor(event.at, lang)}
            </time>
            <span className="timeline__label">{eventName(t, event.type)}</span>
          </li>
        ))}
      </ol>
      {more > 0 && <p className="timeline__status">{t('orders.timelineMore', { count: formatNumber(more, lang) })}</p>}
    </>
  );
}

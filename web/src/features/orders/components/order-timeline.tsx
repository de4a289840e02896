import { useOrderEvents, type OrderEvent, type OrderEventType } from '../api/get-order-events';
import { formatDateTimeFor } from '../format-date';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { ordersMessages } from '../messages/orders';

const LABELS: Record<OrderEventType, string> = {
  Placed: 'Order placed',
  Confirmed: 'Confirmed by the shop',
  Canceled: 'Canceled by the shop',
  CanceledByCustomer: 'Canceled by the customer',
  Deleted: 'Deleted',
  Imported: 'Imported from the old shop',
};

export function eventLabel(type: OrderEvent['type']): string {
  return LABELS[type] ?? type;
}

const LABEL_IDS = {
  Placed: 'orders.event.placed',
  Confirmed: 'orders.event.confirmed',
  Canceled: 'orders.event.canceled',
  CanceledByCustomer: 'orders.event.canceledByCustomer',
  Deleted: 'orders.event.deleted',
  Imported: 'orders.event.imported',
} as const satisfies Record<OrderEventType, string>;

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
            <span className="timeline__label">{event.type in LABEL_IDS ? t(LABEL_IDS[event.type]) : eventLabel(event.type)}</span>
          </li>
        ))}
      </ol>
      {more > 0 && <p className="timeline__status">{t('orders.timelineMore', { count: formatNumber(more, lang) })}</p>}
    </>
  );
}

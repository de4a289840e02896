import { useOrderEvents, type OrderEvent, type OrderEventType } from '../api/get-order-events';
import { formatDateTime } from '../format-date';

const LABELS: Record<OrderEventType, string> = {
  Placed: 'Order placed',
  Confirmed: 'Confirmed by the shop',
  Canceled: 'Canceled by the shop',
  CanceledByCustomer: 'Canceled by the customer',
  Deleted: 'Deleted',
};

export function eventLabel(type: OrderEvent['type']): string {
  return LABELS[type] ?? type;
}

type OrderTimelineProps = {
  orderId: string;
  id?: string;
};

/** What happened to one order and when, oldest first (GET orders/:id/events). */
export function OrderTimeline({ orderId, id }: OrderTimelineProps) {
  const { data, status } = useOrderEvents(orderId);

  if (status === 'pending') {
    return (
      <p id={id} className="timeline__status" role="status">
        Loading the timeline...
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p id={id} className="timeline__status timeline__status--error">
        The timeline could not be loaded.
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
              {formatDateTime(event.at)}
            </time>
            <span className="timeline__label">{eventLabel(event.type)}</span>
          </li>
        ))}
      </ol>
      {more > 0 && <p className="timeline__status">and {more} more</p>}
    </>
  );
}

import { useOrderEventPages, type OrderEvent } from '../api/get-order-events';
import type { OrderLine } from '../api/get-orders';
import { formatDateTime } from '../format-date';
import { eventLabel } from './order-timeline';

type StockLine = NonNullable<OrderEvent['stock']>[number];

/** "Fox Tee (S, Red) × 2", named by the order's own line (the event keeps ids only). */
function stockText(line: StockLine, lines: readonly OrderLine[]): string {
  const title = lines.find((l) => l.productId === line.productId)?.title ?? 'A product';
  const choice = [line.size, line.color].filter(Boolean).join(', ');
  return `${title}${choice ? ` (${choice})` : ''} × ${line.quantity}`;
}

type OrderEventsProps = {
  orderId: string;
  /** The order's lines, which name the products of the stock an event took or gave back. */
  lines: readonly OrderLine[];
  id?: string;
};

/**
 * The admin's timeline of one order: every event oldest first, who did it, and the stock it took or
 * gave back; a page of events at a time, "Show more events" for the next.
 */
export function OrderEvents({ orderId, lines, id }: OrderEventsProps) {
  const { data, status, hasNextPage, fetchNextPage, isFetchingNextPage } = useOrderEventPages(orderId);

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
  const events = data.pages.flatMap((page) => page.items);
  const total = data.pages.at(-1)?.total ?? events.length;
  return (
    <>
      <ol id={id} className="timeline" data-testid="order-timeline">
        {events.map((event) => (
          <li key={event.seq} className="timeline__event" data-testid="timeline-event">
            <time dateTime={event.at} className="timeline__time">
              {formatDateTime(event.at)}
            </time>
            <span className="timeline__label">{eventLabel(event.type)}</span>
            <span className="timeline__actor">
              by {event.actor.email} ({event.actor.role})
            </span>
            {event.stock && event.stock.length > 0 && (
              <span className="timeline__stock">
                {event.type === 'Placed' ? 'Stock taken: ' : 'Stock given back: '}
                {event.stock.map((line) => stockText(line, lines)).join('; ')}
              </span>
            )}
          </li>
        ))}
      </ol>
      {total > events.length && (
        <div className="timeline__more">
          <p className="timeline__status">
            Showing {events.length} of {total} events
          </p>
          {hasNextPage && (
            <button type="button" className="button button--secondary button--small" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? 'Loading…' : 'Show more events'}
            </button>
          )}
        </div>
      )}
    </>
  );
}

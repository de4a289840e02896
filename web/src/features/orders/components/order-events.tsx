import { useOrderEventPages, type OrderEvent } from '../api/get-order-events';
import type { OrderLine } from '../api/get-orders';
import { formatDateTimeFor } from '../format-date';
import { formatNumber } from '../../../../../src/shared/locale-format';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/i18n';
import { orderRecordsMessages } from '../messages/order-records';
import { ordersMessages } from '../messages/orders';
import { eventName } from './order-timeline';

type StockLine = NonNullable<OrderEvent['stock']>[number];

/** "Fox Tee (S, Red) × 2", named by the order's own line (the event keeps ids only). */
function stockText(line: StockLine, lines: readonly OrderLine[], aProduct: string, quantity: string): string {
  const title = lines.find((l) => l.productId === line.productId)?.title ?? aProduct;
  const choice = [line.size, line.color].filter(Boolean).join(', ');
  return `${title}${choice ? ` (${choice})` : ''} × ${quantity}`;
}

/** "admin", "customer"; any other role as the server names it. */
function roleName(role: string, t: Translate<'orderRecords.role.admin' | 'orderRecords.role.customer'>): string {
  if (role === 'admin') return t('orderRecords.role.admin');
  return role === 'customer' ? t('orderRecords.role.customer') : role;
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
  const t = useT(orderRecordsMessages);
  const tOrders = useT(ordersMessages);
  const lang = useLanguage();

  if (status === 'pending') {
    return (
      <p id={id} className="timeline__status" role="status">
        {t('orderRecords.eventsLoading')}
      </p>
    );
  }
  if (status === 'error') {
    return (
      <p id={id} className="timeline__status timeline__status--error">
        {t('orderRecords.eventsFailed')}
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
              {formatDateTimeFor(event.at, lang)}
            </time>
            <span className="timeline__label">{eventName(tOrders, event.type)}</span>
            <span className="timeline__actor">
              {t('orderRecords.by', { email: event.actor.email, role: roleName(event.actor.role, t) })}
            </span>
            {event.stock && event.stock.length > 0 && (
              <span className="timeline__stock">
                {event.type === 'Placed' ? t('orderRecords.stockTaken') : t('orderRecords.stockBack')}
                {event.stock.map((line) => stockText(line, lines, t('orderRecords.aProduct'), formatNumber(line.quantity, lang))).join('; ')}
              </span>
            )}
          </li>
        ))}
      </ol>
      {total > events.length && (
        <div className="timeline__more">
          <p className="timeline__status">
            {t('orderRecords.eventsShowing', { shown: formatNumber(events.length, lang), total: formatNumber(total, lang) })}
          </p>
          {hasNextPage && (
            <button type="button" className="button button--secondary button--small" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? t('orderRecords.loadingMore') : t('orderRecords.moreEvents')}
            </button>
          )}
        </div>
      )}
    </>
  );
}

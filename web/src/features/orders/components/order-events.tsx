import { useOrderEventPages, type OrderEvent } from '../api/get-order-events';
import type { OrderLine } from '../api/get-orders';
import { formatDateTimeFor } from '../format-date';
import { formatMoney, formatNumber, type Lang } from '../../../../../src/shared/locale-format';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/i18n';
import { orderRecordsMessages, type OrderRecordsId } from '../messages/order-records';
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

type RecordsId = OrderRecordsId;
type Parcel = NonNullable<OrderEvent['parcel']>;
type Payment = NonNullable<OrderEvent['payment']>;

const SYSTEM_PARTS: Partial<Record<string, RecordsId>> = {
  bkash: 'orderRecords.system.bkash',
  checkout: 'orderRecords.system.checkout',
};

/** Who did it: "by admin@shop (admin)", "by the courier Steadfast", "by the shop (bKash)" (issue 35: the shop itself). */
export function actorText(actor: OrderEvent['actor'], t: Translate<RecordsId>): string {
  if (actor.role === 'courier') return t('orderRecords.byCourier', { courier: courierName(t, actor.email) });
  if (actor.role === 'system') {
    const id = SYSTEM_PARTS[actor.email];
    return t('orderRecords.bySystem', { what: id ? t(id) : actor.email });
  }
  return t('orderRecords.by', { email: actor.email, role: roleName(actor.role, t) });
}

/**
 * What an advance's event recorded (issue 35): AdvancePaid's amount and bKash's transaction id,
 * AdvanceRefunded's amount, refund transaction id and the admin's reason.
 */
export function paymentFacts(payment: Payment, t: Translate<RecordsId>, lang: Lang): string[] {
  const amount = formatMoney(payment.amount, lang);
  const facts: string[] = [];
  if (payment.refundTrxId) facts.push(t('orderRecords.payment.refunded', { amount, refundTrxId: payment.refundTrxId }));
  else if (payment.trxId) facts.push(t('orderRecords.payment.paid', { amount, trxId: payment.trxId }));
  else facts.push(t('orderRecords.payment.amount', { amount }));
  if (payment.reason) facts.push(t('orderRecords.payment.reason', { reason: payment.reason }));
  return facts;
}

const COURIERS: Partial<Record<string, RecordsId>> = {
  steadfast: 'orderRecords.courier.steadfast',
  pathao: 'orderRecords.courier.pathao',
  redx: 'orderRecords.courier.redx',
};

/** A courier by its name in the language shown; one this app does not know, as the server names it. */
const courierName = (t: Translate<RecordsId>, courier: string): string => {
  const id = COURIERS[courier];
  return id ? t(id) : courier;
};

/**
 * What a parcel's event recorded (issue 34), in the page's language: Booked's courier, ids and cash
 * to collect; a delivery's cash collected and the courier's charge; Settled's payout; a canceled
 * booking's reason. The courier's own words are shown apart (parcelWords).
 */
export function parcelFacts(parcel: Parcel, t: Translate<RecordsId>, lang: Lang): string[] {
  const money = (amount: number) => formatMoney(amount, lang);
  const facts: string[] = [];
  if (parcel.courier) facts.push(t('orderRecords.parcel.courier', { courier: courierName(t, parcel.courier) }));
  if (parcel.consignmentId) facts.push(t('orderRecords.parcel.consignment', { id: parcel.consignmentId }));
  if (parcel.trackingCode) facts.push(t('orderRecords.parcel.tracking', { code: parcel.trackingCode }));
  if (parcel.codAmount !== undefined) facts.push(t('orderRecords.parcel.cod', { amount: money(parcel.codAmount) }));
  if (parcel.collectedAmount !== undefined) facts.push(t('orderRecords.parcel.collected', { amount: money(parcel.collectedAmount) }));
  if (typeof parcel.deliveryCharge === 'number') facts.push(t('orderRecords.parcel.charge', { amount: money(parcel.deliveryCharge) }));
  if (parcel.reference !== undefined) {
    facts.push(t('orderRecords.parcel.payout', { reference: parcel.reference, amount: money(parcel.amount ?? 0), fee: money(parcel.fee ?? 0) }));
  }
  if (parcel.courierAt) facts.push(t('orderRecords.parcel.courierAt', { at: formatDateTimeFor(parcel.courierAt, lang) }));
  if (parcel.reason) facts.push(t('orderRecords.parcel.reason', { reason: parcel.reason }));
  return facts;
}

/** The courier's words about the parcel: in Bengali when it sent them so and Bengali is shown, else as it wrote them. */
export function parcelWords(parcel: Parcel, lang: Lang): { text: string; lang: Lang } | null {
  if (lang === 'bn' && parcel.messageBn) return { text: parcel.messageBn, lang: 'bn' };
  if (parcel.message) return { text: parcel.message, lang: 'en' };
  return parcel.messageBn ? { text: parcel.messageBn, lang: 'bn' } : null;
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
            <span className="timeline__actor">{actorText(event.actor, t)}</span>
            {event.stock && event.stock.length > 0 && (
              <span className="timeline__stock">
                {event.type === 'Placed' ? t('orderRecords.stockTaken') : t('orderRecords.stockBack')}
                {event.stock.map((line) => stockText(line, lines, t('orderRecords.aProduct'), formatNumber(line.quantity, lang))).join('; ')}
              </span>
            )}
            {event.parcel && <ParcelDetails parcel={event.parcel} t={t} lang={lang} />}
            {event.payment && (
              <span className="timeline__stock timeline__payment" data-testid="payment-details">
                {paymentFacts(event.payment, t, lang).join(' · ')}
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

/** A parcel event's facts and the courier's words, under the event. */
function ParcelDetails({ parcel, t, lang }: { parcel: Parcel; t: Translate<RecordsId>; lang: Lang }) {
  const facts = parcelFacts(parcel, t, lang);
  const words = parcelWords(parcel, lang);
  if (facts.length === 0 && !words) return null;
  return (
    <span className="timeline__stock timeline__parcel" data-testid="parcel-details">
      {facts.join(' · ')}
      {words && (
        <span className="timeline__words">
          {facts.length > 0 && ' · '}
          {t('orderRecords.parcel.words')} <q lang={words.lang}>{words.text}</q>
        </span>
      )}
    </span>
  );
}

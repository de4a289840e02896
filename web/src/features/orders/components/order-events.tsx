import { useQuery } from '@tanstack/react-query';
import { areasQueryOptions } from '../api/get-areas';
import type { AreaList } from '../checkout-rules';
import { useOrderEventPages, type OrderEvent } from '../api/get-order-events';
import type { OrderLine } from '../api/get-orders';
import { formatDateTimeFor } from '../format-date';
import { formatMoney, formatNumber, type Lang } from '../../../../../src/shared/locale-format';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';
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

type Edit = NonNullable<OrderEvent['edit']>;
type EditedLine = NonNullable<Edit['before']['lines']>[number];

/** How the timeline names a district and a thana (their Bengali names on a Bengali page); as stored when it does not know them. */
export type AreaNames = { district: (en: string) => string; thana: (en: string) => string };

/** The names of GET /api/areas in the language shown; the English names stored, while the list is not here or in English. */
export function areaNamesOf(areas: AreaList | undefined, lang: Lang): AreaNames | undefined {
  if (!areas || lang === 'en') return undefined;
  const districts = new Map(areas.map((d) => [d.en, d.bn]));
  const thanas = new Map(areas.flatMap((d) => d.thanas.map((t) => [t.en, t.bn] as const)));
  return { district: (en) => districts.get(en) ?? en, thana: (en) => thanas.get(en) ?? en };
}

const ZONE_NAMES: Partial<Record<string, RecordsId>> = {
  'Inside Dhaka': 'orderRecords.zone.inside',
  'Suburbs Dhaka': 'orderRecords.zone.suburbs',
  'Outside Dhaka': 'orderRecords.zone.outside',
};

/** "Pikachu Tee (L)": a line's product and variant in the language shown. */
function itemName(line: EditedLine, lang: Lang): string {
  const choice = [localized(lang, line.size, line.sizeBn), localized(lang, line.color, line.colorBn)].filter(Boolean).join(', ');
  return `${localized(lang, line.title, line.titleBn)}${choice ? ` (${choice})` : ''}`;
}

const variantOf = (line: EditedLine) => JSON.stringify([line.productId, line.size, line.color]);

/**
 * What an order's change (issue 36) changed, one fact a line, in the language shown: "Address: old →
 * new", a line's quantity "Fox Plush 2 → 3", a line added "+ Pikachu Tee (L) × 1" or removed
 * "− Fox Plush × 2", the discount, fee and total before and after. The event keeps the changed fields
 * only; a field the order had not (an older order's district) reads "none".
 */
export function editChanges(edit: Edit, t: Translate<RecordsId>, lang: Lang, areas?: AreaNames): string[] {
  const { before, after } = edit;
  const none = t('orderRecords.edit.none');
  const changes: string[] = [];
  const text = (field: 'name' | 'phone' | 'address', id: RecordsId) => {
    if (after[field] !== undefined) changes.push(t(id, { from: before[field] || none, to: after[field] || none }));
  };
  const named = (value: string | undefined, name: ((en: string) => string) | undefined) => (value ? (name ? name(value) : value) : none);
  text('name', 'orderRecords.edit.name');
  text('phone', 'orderRecords.edit.phone');
  text('address', 'orderRecords.edit.address');
  if (after.district !== undefined) changes.push(t('orderRecords.edit.district', { from: named(before.district, areas?.district), to: named(after.district, areas?.district) }));
  if (after.thana !== undefined) changes.push(t('orderRecords.edit.thana', { from: named(before.thana, areas?.thana), to: named(after.thana, areas?.thana) }));
  if (after.deliveryLocation !== undefined) {
    const zone = (value: string | undefined) => {
      const id = value ? ZONE_NAMES[value] : undefined;
      return id ? t(id) : value || none;
    };
    changes.push(t('orderRecords.edit.zone', { from: zone(before.deliveryLocation), to: zone(after.deliveryLocation) }));
  }
  if (after.lines) {
    const was = new Map((before.lines ?? []).map((line) => [variantOf(line), line]));
    const now = new Set(after.lines.map(variantOf));
    for (const line of after.lines) {
      const old = was.get(variantOf(line));
      if (!old) changes.push(t('orderRecords.edit.added', { item: itemName(line, lang), quantity: formatNumber(line.quantity, lang) }));
      else if (old.quantity !== line.quantity) {
        changes.push(t('orderRecords.edit.quantity', { item: itemName(line, lang), from: formatNumber(old.quantity, lang), to: formatNumber(line.quantity, lang) }));
      }
    }
    for (const line of before.lines ?? []) {
      if (!now.has(variantOf(line))) changes.push(t('orderRecords.edit.removed', { item: itemName(line, lang), quantity: formatNumber(line.quantity, lang) }));
    }
  }
  const money = (field: 'discount' | 'fee' | 'total', id: RecordsId) => {
    const from = before[field];
    const to = after[field];
    if (from !== undefined && to !== undefined && from !== to) changes.push(t(id, { from: formatMoney(from, lang), to: formatMoney(to, lang) }));
  };
  money('discount', 'orderRecords.edit.discount');
  money('fee', 'orderRecords.edit.fee');
  money('total', 'orderRecords.edit.total');
  return changes;
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

/** The shop's roles beside the admin (issue 36): "by the order desk (desk@shop)". */
const STAFF_ACTORS: Partial<Record<OrderEvent['actor']['role'], RecordsId>> = {
  desk: 'orderRecords.byStaff.desk',
  packing: 'orderRecords.byStaff.packing',
  catalogue: 'orderRecords.byStaff.catalogue',
  auditor: 'orderRecords.byStaff.auditor',
};

/**
 * Who did it: "by admin@shop (admin)", "by the order desk (desk@shop)" (issue 36: a role of the
 * shop's staff), "by the customer, without an account" (a guest's order), "by the courier Steadfast", "by the shop (bKash)" (issue 35: the shop itself).
 */
export function actorText(actor: OrderEvent['actor'], t: Translate<RecordsId>): string {
  if (actor.role === 'courier') return t('orderRecords.byCourier', { courier: courierName(t, actor.email) });
  if (actor.role === 'system') {
    const id = SYSTEM_PARTS[actor.email];
    return t('orderRecords.bySystem', { what: id ? t(id) : actor.email });
  }
  const staff = STAFF_ACTORS[actor.role];
  if (staff) return t(staff, { email: actor.email });
  // A guest's order (issue 36, decision 066): placed by the phone's customer record, which has no email.
  if (actor.role === 'customer' && actor.email === '') return t('orderRecords.byGuest');
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
  // A change of the district or thana (issue 36) names them in Bengali on a Bengali page: the list of areas says how.
  const movedArea = data?.pages.some((page) => page.items.some((event) => event.edit?.after.district !== undefined || event.edit?.after.thana !== undefined)) ?? false;
  const { data: areas } = useQuery({ ...areasQueryOptions(), enabled: movedArea && lang !== 'en' });
  const areaNames = areaNamesOf(areas, lang);

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
            {event.edit ? (
              <EditDetails edit={event.edit} actor={event.actor.email} t={t} lang={lang} areas={areaNames} />
            ) : (
              <span className="timeline__actor">{actorText(event.actor, t)}</span>
            )}
            {event.edit && event.edit.stockTaken.length > 0 && (
              <span className="timeline__stock">
                {t('orderRecords.stockTaken')}
                {event.edit.stockTaken.map((line) => stockText(line, namingLines(lines, event.edit), t('orderRecords.aProduct'), formatNumber(line.quantity, lang))).join('; ')}
              </span>
            )}
            {event.stock && event.stock.length > 0 && (
              <span className="timeline__stock">
                {event.type === 'Placed' ? t('orderRecords.stockTaken') : t('orderRecords.stockBack')}
                {event.stock.map((line) => stockText(line, namingLines(lines, event.edit), t('orderRecords.aProduct'), formatNumber(line.quantity, lang))).join('; ')}
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

/** The lines that name the products of an event's stock: the order's, and those an edit had before and after (a line removed is not the order's any more). */
const namingLines = (lines: readonly OrderLine[], edit: Edit | undefined): readonly OrderLine[] =>
  edit ? [...lines, ...(edit.after.lines ?? []), ...(edit.before.lines ?? [])] : lines;

/** An order's change (issue 36): who changed it and why, then what changed, a fact a line. */
function EditDetails({ edit, actor, t, lang, areas }: { edit: Edit; actor: string; t: Translate<RecordsId>; lang: Lang; areas: AreaNames | undefined }) {
  const changes = editChanges(edit, t, lang, areas);
  return (
    <>
      <span className="timeline__actor timeline__edit-by" data-testid="edit-reason">
        {t('orderRecords.edit.by', { email: actor, reason: edit.reason })}
      </span>
      {changes.length > 0 && (
        <ul className="timeline__stock timeline__changes" aria-label={t('orderRecords.edit.changes')} data-testid="edit-changes">
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
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

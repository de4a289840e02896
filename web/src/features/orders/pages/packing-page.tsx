import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type FormEvent } from 'react';
import { Pager, usePageParam } from '../../../components/pager';
import { QueryStatus } from '../../../components/query-status';
import { useLanguage, useT } from '../../../lib/i18n/i18n';
import { useShown } from '../../../lib/use-shown';
import { formatDateTime as formatDhakaDateTime } from '../../../../../src/shared/locale-dates';
import { formatDigits } from '../../../../../src/shared/locale-format';
import { ordersQueryKeyRoot } from '../api/get-orders';
import { usePackingOrders, type PackingFilter, type PackingOrder } from '../api/get-packing-orders';
import { MAX_PACKING_SLIPS } from '../api/order-pdfs';
import { addressLine } from '../address-line';
import { useDeskFilter } from '../components/desk-controls';
import { OrderItems } from '../components/order-items';
import { PackingSlipsButton, showTooManySlips } from '../components/packing-slips-button';
import { DESK_DELIVERIES, MAX_QUERY, type DeskDelivery } from '../desk-filter';
import { formatDateTime } from '../format-date';
import { orderDeskMessages } from '../messages/order-desk';
import { packingMessages } from '../messages/packing';
import type { DeskBookingProps } from './all-orders-page';
import './packing-page.css';

/** Where a booked order's parcel is (issue 34), as the desk says it. */
const PARCEL_STATUSES = {
  booked: 'orderDesk.delivery.booked',
  picked_up: 'orderDesk.delivery.pickedUp',
  in_transit: 'orderDesk.delivery.inTransit',
  delivered: 'orderDesk.delivery.delivered',
  partly_delivered: 'orderDesk.delivery.partlyDelivered',
  returned: 'orderDesk.delivery.returned',
} as const satisfies Record<NonNullable<PackingOrder['delivery']>['status'], string>;

/** The Delivery filter's choices, as the desk names them. */
const DELIVERY_NAMES = { unbooked: 'orderDesk.delivery.unbooked', ...PARCEL_STATUSES } as const satisfies Record<DeskDelivery, string>;

const ZONES: Record<string, 'orderDesk.zone.insideDhaka' | 'orderDesk.zone.suburbsDhaka' | 'orderDesk.zone.outsideDhaka'> = {
  'Inside Dhaka': 'orderDesk.zone.insideDhaka',
  'Suburbs Dhaka': 'orderDesk.zone.suburbsDhaka',
  'Outside Dhaka': 'orderDesk.zone.outsideDhaka',
};

/** An order ticked on the page: its id, and whether it may still be booked (not booked when ticked). */
type Picked = { id: string; unbooked: boolean };

/**
 * /dashboard/packing (orders.pack, issue 36): the Confirmed orders to pack, newest first, a page at a
 * time (?page=), found by number, phone or name (?q=) and where their parcel is (?delivery=unbooked:
 * those still to book). Each order says who it goes to (name, phone, address, zone) and what to pack
 * (picture, title, size, colour, quantity): no price anywhere, the API sends none. Ticked orders
 * (50 at most, kept across pages) get their packing slips in one PDF, and those not booked yet are
 * booked with a courier by the delivery feature's button, which the app gives (`booking`). One column
 * of cards, so that it reads on a phone.
 */
export function PackingPage({ booking: BookingButton }: { booking?: ComponentType<DeskBookingProps> } = {}) {
  const t = useT(packingMessages);
  const tDesk = useT(orderDeskMessages);
  const lang = useLanguage();
  const digits = (n: number) => formatDigits(n, lang);
  const page = usePageParam();
  const { filter: deskFilter, change } = useDeskFilter();
  // Every order here is Confirmed: the desk's status in the address means nothing on this page.
  const filter: PackingFilter = { q: deskFilter.q, delivery: deskFilter.delivery, from: deskFilter.from, to: deskFilter.to };
  const filtered = filter.q !== undefined || filter.delivery !== undefined || filter.from !== undefined || filter.to !== undefined;
  const { data, status } = usePackingOrders(page, filter);
  const orders = data?.items ?? [];
  const queryClient = useQueryClient();

  const [picked, setPicked] = useState<readonly Picked[]>([]);
  const isPicked = (id: string) => picked.some((p) => p.id === id);
  const pickedIds = picked.map((p) => p.id);
  const toBook = picked.filter((p) => p.unbooked).map((p) => p.id);
  const toggle = (order: PackingOrder) => {
    if (isPicked(order._id)) setPicked(picked.filter((p) => p.id !== order._id));
    else if (picked.length >= MAX_PACKING_SLIPS) void showTooManySlips(tDesk, lang);
    else setPicked([...picked, { id: order._id, unbooked: order.delivery === null }]);
  };
  const allOnPage = orders.length > 0 && orders.every((order) => isPicked(order._id));
  const toggleAll = () => {
    if (allOnPage) {
      setPicked(picked.filter((p) => !orders.some((order) => order._id === p.id)));
      return;
    }
    const more = orders.filter((order) => !isPicked(order._id)).map((order) => ({ id: order._id, unbooked: order.delivery === null }));
    if (picked.length + more.length > MAX_PACKING_SLIPS) void showTooManySlips(tDesk, lang);
    else setPicked([...picked, ...more]);
  };
  const booked = () => {
    // Booked now: ticked for their slips still, no longer to book.
    setPicked(picked.map((p) => (toBook.includes(p.id) ? { ...p, unbooked: false } : p)));
    void queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot });
  };

  return (
    <section className="dashboard-page packing" aria-labelledby="packing-title">
      <h1 id="packing-title" className="page__title">
        {t('packing.title')}
      </h1>
      <p className="page__lead">{t('packing.lead')}</p>
      <PackingControls filter={filter} change={change} />
      <QueryStatus status={status} loading={t('packing.loading')} failed={t('packing.failed')} />
      {status === 'success' && (
        <>
          <p className="page__lead" data-testid="packing-total" aria-live="polite">
            {t('packing.count', { count: digits(data.total) })}
          </p>
          <div className="packing__bar" data-testid="packing-bar">
            {orders.length > 0 && (
              <label className="packing__pick-all">
                <input type="checkbox" className="packing__pick" checked={allOnPage} onChange={toggleAll} data-testid="pick-all" />
                {t('packing.pickAll', { count: digits(orders.length) })}
              </label>
            )}
            <span className="packing__buttons">
              <PackingSlipsButton orderIds={pickedIds} />
              {BookingButton && <BookingButton orderIds={toBook} onDone={booked} />}
              {picked.length > 0 && (
                <button type="button" className="button button--secondary button--small" onClick={() => setPicked([])}>
                  {t('packing.clear')}
                </button>
              )}
            </span>
          </div>
          {orders.length === 0 && page === 1 ? (
            <p className="notice" data-testid="empty-state">
              {filtered ? t('packing.noMatch') : t('packing.none')}
            </p>
          ) : (
            <ol className="packing__list" aria-label={t('packing.list')}>
              {orders.map((order) => {
                const numberId = `packing-${order._id}-number`;
                return (
                  <li key={order._id} className="packing-order" data-testid="packing-order" data-order-id={order._id}>
                    <div className="packing-order__head">
                      <label className="packing-order__number">
                        <input
                          type="checkbox"
                          className="packing__pick"
                          checked={isPicked(order._id)}
                          onChange={() => toggle(order)}
                          aria-label={t('packing.pick', { number: digits(order.orderNumber) })}
                          data-testid="pick-packing-order"
                        />
                        <strong id={numberId}>{tDesk('orderDesk.order', { number: digits(order.orderNumber) })}</strong>
                      </label>
                      <time dateTime={order.orderTime} className="packing-order__muted">
                        {lang === 'bn' ? formatDhakaDateTime(order.orderTime, lang) : formatDateTime(order.orderTime)}
                      </time>
                      {order.delivery ? (
                        <span className="packing-order__parcel" data-testid="parcel" data-status={order.delivery.status}>
                          {tDesk('orderDesk.parcel', { status: tDesk(PARCEL_STATUSES[order.delivery.status]) })}
                          <span className="packing-order__muted packing-order__code packing-order__data" data-testid="tracking-code">
                            {tDesk('orderDesk.tracking', { code: order.delivery.trackingCode })}
                          </span>
                        </span>
                      ) : (
                        <span className="packing-order__parcel packing-order__parcel--unbooked" data-testid="parcel" data-status="unbooked">
                          {t('packing.notBooked')}
                        </span>
                      )}
                    </div>
                    <div className="packing-order__who" aria-label={t('packing.deliverTo')} role="group">
                      <span className="packing-order__name packing-order__data">{order.name}</span>
                      <a className="packing-order__phone" href={`tel:${order.phone}`} aria-label={t('packing.call', { phone: order.phone })}>
                        {order.phone}
                      </a>
                      <span className="packing-order__address packing-order__data">{addressLine(order)}</span>
                      <span className="packing-order__muted">{ZONES[order.deliveryLocation] ? tDesk(ZONES[order.deliveryLocation]!) : order.deliveryLocation}</span>
                    </div>
                    <div className="packing-order__items" role="group" aria-label={t('packing.items')}>
                      <OrderItems items={order.cartItems} />
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
          {picked.length > 0 && (
            <p className="packing-order__muted" aria-live="polite">
              {t('packing.picked', { count: digits(picked.length) })}
            </p>
          )}
          <Pager page={page} total={data.total} shown={orders.length} />
        </>
      )}
    </section>
  );
}

/**
 * The packing page's search (order number, phone or name), applied with Search or Enter, and where
 * the parcel is (not booked yet, booked, ...), applied at once: the desk's filter in the address.
 */
function PackingControls({ filter, change }: { filter: PackingFilter; change: ReturnType<typeof useDeskFilter>['change'] }) {
  const t = useT(packingMessages);
  const tDesk = useT(orderDeskMessages);
  const [q, setQ] = useShown(filter.q ?? '');
  const [delivery, setDelivery] = useShown<string>(filter.delivery ?? '');

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change({ q: q.trim() || undefined });
  }

  return (
    <form className="list-controls packing__controls" role="search" aria-label={t('packing.find')} onSubmit={apply}>
      <label className="list-controls__field packing__search">
        <span className="list-controls__label">{tDesk('orderDesk.search')}</span>
        <input
          className="form-field__input"
          type="search"
          name="q"
          maxLength={MAX_QUERY}
          placeholder={tDesk('orderDesk.searchHint')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </label>
      <label className="list-controls__field">
        <span className="list-controls__label">{tDesk('orderDesk.delivery')}</span>
        <select
          className="form-field__input"
          name="delivery"
          value={delivery}
          onChange={(event) => {
            setDelivery(event.target.value);
            change({ delivery: (event.target.value || undefined) as DeskDelivery | undefined });
          }}
        >
          <option value="">{tDesk('orderDesk.delivery.any')}</option>
          {DESK_DELIVERIES.map((d) => (
            <option key={d} value={d}>
              {tDesk(DELIVERY_NAMES[d])}
            </option>
          ))}
        </select>
      </label>
      <div className="packing__buttons">
        <button type="submit" className="button button--primary button--small">
          {tDesk('orderDesk.searchButton')}
        </button>
        {(filter.q !== undefined || filter.delivery !== undefined || filter.from !== undefined || filter.to !== undefined) && (
          <button type="button" className="link-button" onClick={() => change({ q: undefined, delivery: undefined, from: undefined, to: undefined })}>
            {tDesk('orderDesk.showAll')}
          </button>
        )}
      </div>
    </form>
  );
}

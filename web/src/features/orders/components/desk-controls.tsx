import { useMemo, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { useQueryChange } from '../../../lib/use-query-change';
import { useShown } from '../../../lib/use-shown';
import type { OrderStatus } from '../api/get-orders';
import { ExportCsvButton } from './export-csv-button';
import { DESK_DELIVERIES, DESK_STATUSES, dayOf, deskFilterFromSearch, deskSearchWith, isDeskFiltered, MAX_QUERY, type DeskDelivery, type DeskFilter } from '../desk-filter';
import { orderDeskMessages } from '../messages/order-desk';

const STATUS_NAMES = { Pending: 'orderDesk.status.pending', Confirmed: 'orderDesk.status.confirmed', Canceled: 'orderDesk.status.canceled' } as const;
/** The Delivery filter's choices (issue 34). */
const DELIVERY_NAMES = {
  unbooked: 'orderDesk.delivery.unbooked',
  booked: 'orderDesk.delivery.booked',
  picked_up: 'orderDesk.delivery.pickedUp',
  in_transit: 'orderDesk.delivery.inTransit',
  delivered: 'orderDesk.delivery.delivered',
  partly_delivered: 'orderDesk.delivery.partlyDelivered',
  returned: 'orderDesk.delivery.returned',
} as const satisfies Record<DeskDelivery, string>;

/** The desk's filter in the URL query, and a change to it (a new history entry, back on page 1). */
export function useDeskFilter() {
  const [params, changeQuery] = useQueryChange();
  const filter = useMemo(() => deskFilterFromSearch(params), [params]);
  const change = (changes: Partial<DeskFilter>) => changeQuery((latest) => deskSearchWith(latest, changes));
  return { filter, change };
}

type DeskControlsProps = {
  filter: DeskFilter;
  change: (changes: Partial<DeskFilter>) => void;
};

/**
 * The desk's search (order number, phone, name or email) and days placed, applied with Search or
 * Enter (a change per keystroke would make a history entry each), and its status and where its
 * parcel is (issue 34), applied at once.
 */
export function DeskControls({ filter, change }: DeskControlsProps) {
  const t = useT(orderDeskMessages);
  const [q, setQ] = useShown(filter.q ?? '');
  const [status, setStatus] = useShown<string>(filter.status ?? '');
  const [delivery, setDelivery] = useShown<string>(filter.delivery ?? '');
  const [from, setFrom] = useShown(filter.from ?? '');
  const [to, setTo] = useShown(filter.to ?? '');

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [low, high] = [dayOf(from), dayOf(to)];
    const swap = low !== undefined && high !== undefined && low > high;
    change({ q: q.trim() || undefined, from: swap ? high : low, to: swap ? low : high });
  }

  return (
    <form className="list-controls desk-controls" role="search" aria-label={t('orderDesk.find')} onSubmit={apply}>
      <label className="list-controls__field desk-controls__search">
        <span className="list-controls__label">{t('orderDesk.search')}</span>
        <input
          className="form-field__input"
          type="search"
          name="q"
          maxLength={MAX_QUERY}
          placeholder={t('orderDesk.searchHint')}
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </label>
      <label className="list-controls__field">
        <span className="list-controls__label">{t('orderDesk.status')}</span>
        <select
          className="form-field__input"
          name="status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            change({ status: (event.target.value || undefined) as OrderStatus | undefined });
          }}
        >
          <option value="">{t('orderDesk.status.all')}</option>
          {DESK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(STATUS_NAMES[s as keyof typeof STATUS_NAMES])}
            </option>
          ))}
        </select>
      </label>
      <label className="list-controls__field">
        <span className="list-controls__label">{t('orderDesk.delivery')}</span>
        <select
          className="form-field__input"
          name="delivery"
          value={delivery}
          onChange={(event) => {
            setDelivery(event.target.value);
            change({ delivery: (event.target.value || undefined) as DeskDelivery | undefined });
          }}
        >
          <option value="">{t('orderDesk.delivery.any')}</option>
          {DESK_DELIVERIES.map((d) => (
            <option key={d} value={d}>
              {t(DELIVERY_NAMES[d])}
            </option>
          ))}
        </select>
      </label>
      <label className="list-controls__field desk-controls__day">
        <span className="list-controls__label">{t('orderDesk.from')}</span>
        <input className="form-field__input" type="date" name="from" min="2000-01-01" max="2200-12-31" value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className="list-controls__field desk-controls__day">
        <span className="list-controls__label">{t('orderDesk.to')}</span>
        <input className="form-field__input" type="date" name="to" min="2000-01-01" max="2200-12-31" value={to} onChange={(event) => setTo(event.target.value)} />
      </label>
      <div className="desk-controls__buttons">
        <button type="submit" className="button button--primary button--small">
          {t('orderDesk.searchButton')}
        </button>
        <ExportCsvButton filter={filter} />
        {isDeskFiltered(filter) && (
          <button type="button" className="link-button" onClick={() => change({ q: undefined, status: undefined, delivery: undefined, from: undefined, to: undefined })}>
            {t('orderDesk.showAll')}
          </button>
        )}
      </div>
    </form>
  );
}

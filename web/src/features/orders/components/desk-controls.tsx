import { useMemo, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShown } from '../../../lib/use-shown';
import type { OrderStatus } from '../api/get-orders';
import { ExportCsvButton } from './export-csv-button';
import { DESK_STATUSES, dayOf, deskFilterFromSearch, deskSearchWith, isDeskFiltered, MAX_QUERY, type DeskFilter } from '../desk-filter';

/** The desk's filter in the URL query, and a change to it (a new history entry, back on page 1). */
export function useDeskFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => deskFilterFromSearch(params), [params]);
  const change = (changes: Partial<DeskFilter>) => setParams(deskSearchWith(params, changes));
  return { filter, change };
}

type DeskControlsProps = {
  filter: DeskFilter;
  change: (changes: Partial<DeskFilter>) => void;
};

/**
 * The desk's search (order number, phone, name or email) and days placed, applied with Search or
 * Enter (a change per keystroke would make a history entry each), and its status, applied at once.
 */
export function DeskControls({ filter, change }: DeskControlsProps) {
  const [q, setQ] = useShown(filter.q ?? '');
  const [status, setStatus] = useShown<string>(filter.status ?? '');
  const [from, setFrom] = useShown(filter.from ?? '');
  const [to, setTo] = useShown(filter.to ?? '');

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [low, high] = [dayOf(from), dayOf(to)];
    const swap = low !== undefined && high !== undefined && low > high;
    change({ q: q.trim() || undefined, from: swap ? high : low, to: swap ? low : high });
  }

  return (
    <form className="list-controls desk-controls" role="search" aria-label="Find orders" onSubmit={apply}>
      <label className="list-controls__field desk-controls__search">
        <span className="list-controls__label">Search orders</span>
        <input
          className="form-field__input"
          type="search"
          name="q"
          maxLength={MAX_QUERY}
          placeholder="Order number, phone, name or email"
          value={q}
          onChange={(event) => setQ(event.target.value)}
        />
      </label>
      <label className="list-controls__field">
        <span className="list-controls__label">Status</span>
        <select
          className="form-field__input"
          name="status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value);
            change({ status: (event.target.value || undefined) as OrderStatus | undefined });
          }}
        >
          <option value="">All</option>
          {DESK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="list-controls__field desk-controls__day">
        <span className="list-controls__label">From</span>
        <input className="form-field__input" type="date" name="from" min="2000-01-01" max="2200-12-31" value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className="list-controls__field desk-controls__day">
        <span className="list-controls__label">To</span>
        <input className="form-field__input" type="date" name="to" min="2000-01-01" max="2200-12-31" value={to} onChange={(event) => setTo(event.target.value)} />
      </label>
      <div className="desk-controls__buttons">
        <button type="submit" className="button button--primary button--small">
          Search
        </button>
        <ExportCsvButton filter={filter} />
        {isDeskFiltered(filter) && (
          <button type="button" className="link-button" onClick={() => change({ q: undefined, status: undefined, from: undefined, to: undefined })}>
            Show all orders
          </button>
        )}
      </div>
    </form>
  );
}

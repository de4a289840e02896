import { calendarDay as dayOf } from '../../../../src/shared/shop-time';
import type { Query } from '../../lib/api/contracts';
import type { OrderStatus } from './api/get-orders';

/** Where an order's parcel is, as the desk filters it (issue 34): a parcel status, or unbooked (Confirmed, not booked yet). */
export type DeskDelivery = NonNullable<Query<'get /allOrders'>['delivery']>;

/**
 * What the admins' orders desk (All Orders) narrows the orders by, kept in the URL query under the
 * API's own names (q, status, delivery, from, to) so that Back, reload and a shared link keep it. The URL is
 * anyone's to type: a value the API would refuse (400) is read as absent instead.
 */
export type DeskFilter = {
  /** An order number, a phone number or part of one, or part of a name or an email. */
  q?: string;
  status?: OrderStatus;
  /** Where its parcel is (issue 34). */
  delivery?: DeskDelivery;
  /** Days placed, YYYY-MM-DD in Dhaka time, both included. */
  from?: string;
  to?: string;
};

export const DESK_STATUSES: readonly OrderStatus[] = ['Pending', 'Confirmed', 'Canceled'];

/** The desk's Delivery choices, in a parcel's order: not booked yet, then where a booked one is. */
export const DESK_DELIVERIES: readonly DeskDelivery[] = ['unbooked', 'booked', 'picked_up', 'in_transit', 'delivered', 'partly_delivered', 'returned'];

/** The API's longest q (GET /api/allOrders). */
export const MAX_QUERY = 100;

/** A day of the calendar between 2000 and 2200 (what the API takes), or undefined. */
export { dayOf };

/** The filter of a URL query. A range given upside down is read the right way round. */
export function deskFilterFromSearch(params: URLSearchParams): DeskFilter {
  const q = params.get('q')?.trim().slice(0, MAX_QUERY) || undefined;
  const status = DESK_STATUSES.find((s) => s === params.get('status'));
  const delivery = DESK_DELIVERIES.find((d) => d === params.get('delivery'));
  const low = dayOf(params.get('from'));
  const high = dayOf(params.get('to'));
  const swap = low !== undefined && high !== undefined && low > high;
  return { q, status, delivery, from: swap ? high : low, to: swap ? low : high };
}

/** Whether the desk shows fewer than every order. */
export const isDeskFiltered = (filter: DeskFilter): boolean =>
  filter.q !== undefined || filter.status !== undefined || filter.delivery !== undefined || filter.from !== undefined || filter.to !== undefined;

/**
 * The URL query after `changes` (a key given as undefined or '' is taken away), back on page 1:
 * the page of another list means nothing.
 */
export function deskSearchWith(params: URLSearchParams, changes: Partial<DeskFilter>): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  }
  const query = next.toString();
  return query ? `?${query}` : '';
}

/** The API's query for a filter (only the keys given), in a fixed order. */
export function deskQuery(filter: DeskFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.q !== undefined) query.q = filter.q;
  if (filter.status !== undefined) query.status = filter.status;
  if (filter.delivery !== undefined) query.delivery = filter.delivery;
  if (filter.from !== undefined) query.from = filter.from;
  if (filter.to !== undefined) query.to = filter.to;
  return query;
}

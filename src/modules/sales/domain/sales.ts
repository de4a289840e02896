import type { OrderState } from '../../ordering/index.js';
import { addDays, dhakaDay, weekStart } from '../../../shared/shop-time.js';

/**
 * The sales projection (issue 17, decision 033): what each order adds to the per-day counts the
 * admins' stats read. An order contributes to exactly one (day, kind) cell, and while it is Pending
 * or Confirmed also to its products' cells of that day; a command moves it between cells, so the
 * tables change by `salesDelta(before, after)` in the unit of work of every event.
 */

/** 'deleted' is an order an admin deleted while it was not Canceled; a customer's cancel is 'canceled'. */
export const salesKinds = ['pending', 'confirmed', 'canceled', 'deleted'] as const;
export type SalesKind = (typeof salesKinds)[number];

/** One (day, kind) cell: orders and their totals in taka. */
export type SalesDayRow = { day: string; kind: SalesKind; orders: number; amount: number };
/** One (day, product) cell: orders holding the product, units and line prices in taka; `title` as last seen. */
export type ProductSalesRow = { day: string; productId: string; title: string; orders: number; quantity: number; revenue: number };
/** Additive rows: an order's contribution, or the change one command made to it. */
export type SalesEntry = { days: SalesDayRow[]; products: ProductSalesRow[] };



export const monthStart = (day: string): string => `${day.slice(0, 7)}-01`;

export function salesKind(state: Pick<OrderState, 'status' | 'removed'>): SalesKind {
  if (state.status === 'Canceled') return 'canceled';
  if (state.removed) return 'deleted';
  return state.status === 'Confirmed' ? 'confirmed' : 'pending';
}

/** What one order contributes: one order and its total on its (day, kind); its products while it is Pending or Confirmed. */
export function salesEntry(state: OrderState | null): SalesEntry {
  if (state === null) return { days: [], products: [] };
  // An order waiting for its advance, or lapsed unpaid, was never a sale (issue 35).
  if (state.advance?.status === 'awaiting' || state.advance?.status === 'expired') return { days: [], products: [] };
  const day = dhakaDay(state.placedAt);
  const kind = salesKind(state);
  const days: SalesDayRow[] = [{ day, kind, orders: 1, amount: state.placed.total }];
  if (kind !== 'pending' && kind !== 'confirmed') return { days, products: [] };
  const byProduct = new Map<string, ProductSalesRow>();
  for (const line of state.placed.lines) {
    const row = byProduct.get(line.productId);
    if (row) {
      row.quantity += line.quantity;
      row.revenue += line.price;
    } else {
      byProduct.set(line.productId, { day, productId: line.productId, title: line.title, orders: 1, quantity: line.quantity, revenue: line.price });
    }
  }
  return { days, products: [...byProduct.values()] };
}

const negated = <R extends { orders: number }>(row: R, fields: ReadonlyArray<keyof R>): R => {
  const out = { ...row };
  for (const field of fields) (out[field] as number) = -(row[field] as number);
  return out;
};
const dayFields = ['orders', 'amount'] as const;
const productFields = ['orders', 'quantity', 'revenue'] as const;

/**
 * salesEntry(after) - salesEntry(before), rows that cancel out left out: a Confirmed moves one order
 * from 'pending' to 'confirmed' and leaves the products alone; a cancel takes the products back out.
 */
export function salesDelta(before: OrderState | null, after: OrderState | null): SalesEntry {
  const was = salesEntry(before);
  const now = salesEntry(after);
  const days = new Map<string, SalesDayRow>();
  for (const row of [...was.days.map((r) => negated(r, dayFields)), ...now.days]) {
    const key = `${row.day}|${row.kind}`;
    const sum = days.get(key);
    if (sum) {
      sum.orders += row.orders;
      sum.amount += row.amount;
    } else days.set(key, { ...row });
  }
  const products = new Map<string, ProductSalesRow>();
  for (const row of [...was.products.map((r) => negated(r, productFields)), ...now.products]) {
    const key = `${row.day}|${row.productId}`;
    const sum = products.get(key);
    if (sum) {
      sum.orders += row.orders;
      sum.quantity += row.quantity;
      sum.revenue += row.revenue;
      // The title of the order as it is now.
      if (row.orders > 0) sum.title = row.title;
    } else products.set(key, { ...row });
  }
  return {
    days: [...days.values()].filter((r) => r.orders !== 0 || r.amount !== 0),
    products: [...products.values()].filter((r) => r.orders !== 0 || r.quantity !== 0 || r.revenue !== 0),
  };
}

export type KindTotals = { orders: number; amount: number };
export type SalesFigures = Record<SalesKind, KindTotals>;

export const noSales = (): SalesFigures => ({ confirmed: { orders: 0, amount: 0 }, pending: { orders: 0, amount: 0 }, canceled: { orders: 0, amount: 0 }, deleted: { orders: 0, amount: 0 } });

/** Adds a cell's figures into `into`. */
export function addSales(into: SalesFigures, row: Pick<SalesDayRow, 'kind' | 'orders' | 'amount'>): SalesFigures {
  into[row.kind].orders += row.orders;
  into[row.kind].amount += row.amount;
  return into;
}

/** Canceled orders out of those placed and not deleted (0 when there are none). */
export function canceledShare(f: SalesFigures): number {
  const all = f.pending.orders + f.confirmed.orders + f.canceled.orders;
  return all === 0 ? 0 : f.canceled.orders / all;
}

export const salesBuckets = ['day', 'week', 'month'] as const;
export type SalesBucket = (typeof salesBuckets)[number];

/**
 * The starts of the buckets from `from` to `to` (both included): each the first day of its day,
 * week (Sunday) or month, clipped to `from`. Stops after `max` + 1, so the caller can refuse a range
 * too long without listing it.
 */
export function bucketStarts(from: string, to: string, bucket: SalesBucket, max: number): string[] {
  const starts: string[] = [];
  let start = from;
  while (start <= to && starts.length <= max) {
    starts.push(start);
    if (bucket === 'day') start = addDays(start, 1);
    else if (bucket === 'week') start = addDays(weekStart(start), 7);
    else {
      const [y, m] = start.split('-').map(Number) as [number, number];
      start = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
    }
  }
  return starts;
}

/** The start of the bucket holding `day`, clipped to `from`. */
export function bucketOf(day: string, from: string, bucket: SalesBucket): string {
  const start = bucket === 'day' ? day : bucket === 'week' ? weekStart(day) : monthStart(day);
  return start < from ? from : start;
}

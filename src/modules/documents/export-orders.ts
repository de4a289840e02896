import { roleCan } from '../../shared/permissions.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Actor, OrderCursor, OrderFilter, OrderReads, OrderState } from '../ordering/index.js';

/**
 * Orders read per query: big enough that the per-query cost is small, small enough to hold under
 * the shop's 96 MB heap while a reader is slow: 100 orders of up to MAX_ORDER_LINES (50) lines are
 * ~5,000 lines, about a MB as objects and text (issue 40; it was 500).
 */
export const exportPageSize = 100;

/**
 * GET /orders/export.csv: every order the desk's filter lets through, newest first, as keyset pages
 * read one at a time when the consumer asks for the next (so an export of a million orders holds
 * one page). Orders placed after the export began are newer than its first page and so not in it;
 * an order changed while the export runs appears as it was when its page was read.
 */
export function exportOrders(deps: { orders: Pick<OrderReads, 'pageAfter'> }, actor: Actor, filter: OrderFilter, pageSize = exportPageSize): Result<AsyncGenerator<OrderState[], void, undefined>, AppError> {
  if (!roleCan(actor.role, 'orders.read')) return err(appError('auth/forbidden', 'Your role does not allow this.'));
  return ok(pagesOf(deps.orders, filter, pageSize));
}

async function* pagesOf(orders: Pick<OrderReads, 'pageAfter'>, filter: OrderFilter, pageSize: number): AsyncGenerator<OrderState[], void, undefined> {
  let after: OrderCursor | null = null;
  for (;;) {
    const page = await orders.pageAfter(filter, after, pageSize);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = { placedAt: last.placedAt, id: last.id };
  }
}

import type { Page, Paged } from '../../shared/page.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { Actor } from './domain/order.js';
import type { ListedOrder, OrderFilter, OrderProjection } from './ports.js';

/** `linesPerOrder`: MAX_ORDER_LINES, the lines a list answers of each order (issue 40). */
type Deps = { projection: OrderProjection; limits: { maxOrderLines: number } };

/**
 * GET /orders: the caller's own orders, newest first, removed ones left out. `email` is the
 * spec's query; it may only name the caller.
 */
export async function listMyOrders(deps: Deps, actor: Actor, email: string | undefined, page: Page): Promise<Result<Paged<ListedOrder>, AppError>> {
  if (email !== undefined && email.trim().toLowerCase() !== actor.email) return err(appError('auth/forbidden', 'You can only see your own orders.'));
  return ok(await deps.projection.pageFor(actor.userId, page, deps.limits.maxOrderLines));
}

/** GET /allOrders: the orders not removed that the filter lets through, newest first; an admin's desk. */
export async function listAllOrders(deps: Deps, actor: Actor, page: Page, filter: OrderFilter = {}): Promise<Result<Paged<ListedOrder>, AppError>> {
  if (actor.role !== 'admin') return err(appError('auth/forbidden', 'Only an admin can do this.'));
  return ok(await deps.projection.pageAll(page, filter, deps.limits.maxOrderLines));
}

import type { Page, Paged } from '../../shared/page.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { actorCan, isPerson } from './domain/actor.js';
import { visibleTo, type Actor, type OrderState } from './domain/order.js';
import { customerOwner, isCustomerOwner } from './domain/taken.js';
import type { ListedOrder, OrderFilter, OrderingPorts, OrderProjection } from './ports.js';

/** `linesPerOrder`: MAX_ORDER_LINES, the lines a list answers of each order (issue 40). */
type Deps = { projection: OrderProjection; limits: { maxOrderLines: number } };

/**
 * The customer records an account claimed by proving their phones, as the owners of the orders the
 * staff took for them (issue 36): the account sees those orders as its own (its lists, an order's
 * page, its events, its invoice), never changes them.
 */
export async function claimedOwners(ports: Pick<OrderingPorts, 'claimsOf'>, actor: Actor): Promise<string[]> {
  if (!isPerson(actor)) return [];
  return (await ports.claimsOf(actor.userId)).map(customerOwner);
}

/** visibleTo, with the claimed records asked only of an order a customer record owns. */
export async function seesOrder(ports: Pick<OrderingPorts, 'claimsOf'>, order: Pick<OrderState, 'placed'>, actor: Actor): Promise<boolean> {
  if (visibleTo(order, actor)) return true;
  return isCustomerOwner(order.placed.owner.userId) && visibleTo(order, actor, await claimedOwners(ports, actor));
}

/**
 * GET /orders: the caller's own orders (and those the staff took for a phone they proved, issue 36), newest first, removed ones left out. `email` is the
 * spec's query; it may only name the caller.
 */
export async function listMyOrders(deps: Deps & { ports: Pick<OrderingPorts, 'claimsOf'> }, actor: Actor, email: string | undefined, page: Page): Promise<Result<Paged<ListedOrder>, AppError>> {
  if (email !== undefined && email.trim().toLowerCase() !== actor.email) return err(appError('auth/forbidden', 'You can only see your own orders.'));
  return ok(await deps.projection.pageFor([actor.userId, ...(await claimedOwners(deps.ports, actor))], page, deps.limits.maxOrderLines));
}

/** GET /allOrders: the orders not removed that the filter lets through, newest first; an admin's desk. */
export async function listAllOrders(deps: Deps, actor: Actor, page: Page, filter: OrderFilter = {}): Promise<Result<Paged<ListedOrder>, AppError>> {
  if (!actorCan(actor, 'orders.read')) return err(appError('auth/forbidden', 'Your role does not allow this.'));
  return ok(await deps.projection.pageAll(page, filter, deps.limits.maxOrderLines));
}

/**
 * GET /packing/orders (issue 36): the Confirmed orders, not removed, the filter lets through, for
 * those who pack them (orders.pack); the answer leaves every price out (packingOrderDto).
 */
export async function listForPacking(deps: Deps, actor: Actor, page: Page, filter: Omit<OrderFilter, 'status'> = {}): Promise<Result<Paged<ListedOrder>, AppError>> {
  if (!actorCan(actor, 'orders.pack')) return err(appError('auth/forbidden', 'Your role does not allow this.'));
  return ok(await deps.projection.pageAll(page, { ...filter, status: 'Confirmed' }, deps.limits.maxOrderLines));
}

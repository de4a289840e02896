import type { AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { actorCan } from './domain/actor.js';
import { orderNotFound, type Actor } from './domain/order.js';
import { seesOrder } from './list-orders.js';
import type { ListedOrder, OrderingPorts, OrderProjection, PhoneHistory } from './ports.js';

type Deps = { projection: OrderProjection; ports: Pick<OrderingPorts, 'claimsOf'> };

/** One order and, for an admin, every order placed with its phone number by outcome. */
export type OrderView = { order: ListedOrder; history: PhoneHistory | null };

/**
 * The lines one order's page answers at most (issue 40): every line of any order placed within
 * MAX_ORDER_LINES (at most 1000), and a bounded answer for one stored before it with thousands.
 */
export const viewedLinesPerOrder = 1000;

/**
 * GET /orders/:id: its owner sees it while it is listed; an admin sees any order, removed ones too
 * (the log keeps them), with the phone number's history: the desk's order page (decision 030).
 * Anyone else's order is answered as if it did not exist.
 */
export async function viewOrder(deps: Deps, actor: Actor, orderId: string): Promise<Result<OrderView, AppError>> {
  const order = await deps.projection.listedById(orderId, viewedLinesPerOrder);
  const staff = actorCan(actor, 'orders.read');
  if (!order || !(await seesOrder(deps.ports, order, actor)) || (order.removed && !staff)) return err(orderNotFound());
  return ok({ order, history: staff ? await deps.projection.historyOf(order.placed.phone) : null });
}

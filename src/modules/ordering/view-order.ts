import type { AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { orderNotFound, visibleTo, type Actor, type OrderState } from './domain/order.js';
import type { OrderProjection, PhoneHistory } from './ports.js';

type Deps = { projection: OrderProjection };

/** One order and, for an admin, every order placed with its phone number by outcome. */
export type OrderView = { order: OrderState; history: PhoneHistory | null };

/**
 * GET /orders/:id: its owner sees it while it is listed; an admin sees any order, removed ones too
 * (the log keeps them), with the phone number's history: the desk's order page (decision 030).
 * Anyone else's order is answered as if it did not exist.
 */
export async function viewOrder(deps: Deps, actor: Actor, orderId: string): Promise<Result<OrderView, AppError>> {
  const order = await deps.projection.byId(orderId);
  if (!order || !visibleTo(order, actor) || (order.removed && actor.role !== 'admin')) return err(orderNotFound());
  return ok({ order, history: actor.role === 'admin' ? await deps.projection.historyOf(order.placed.phone) : null });
}

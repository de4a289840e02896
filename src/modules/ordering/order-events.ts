import type { Page, Paged } from '../../shared/page.js';
import type { AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { orderNotFound, type Actor } from './domain/order.js';
import { seesOrder } from './list-orders.js';
import type { OrderingPorts, OrderLog, OrderProjection, StoredEvent } from './ports.js';

type Deps = { log: OrderLog; projection: OrderProjection; ports: Pick<OrderingPorts, 'claimsOf'> };

/**
 * GET /orders/:id/events: one page of an order's history, removed orders included. Another
 * customer's order is answered as if it did not exist.
 */
export async function orderEvents(deps: Deps, actor: Actor, orderId: string, page: Page): Promise<Result<Paged<StoredEvent>, AppError>> {
  // The listing row (written with the Placed event, kept when the order is removed) names the owner.
  const order = await deps.projection.byId(orderId);
  if (!order || !(await seesOrder(deps.ports, order, actor))) return err(orderNotFound());
  return ok(await deps.log.pageOf(order.id, page));
}

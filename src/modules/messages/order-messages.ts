import { roleCan } from '../../shared/permissions.js';
import type { AppError } from '../../shared/errors.js';
import type { Page, Paged } from '../../shared/page.js';
import { err, ok, type Result } from '../../shared/result.js';
import { orderNotFound, type Actor, type OrderReads } from '../ordering/index.js';
import type { MessageOutbox, StoredMessage } from './message-outbox.js';

type Deps = { orders: Pick<OrderReads, 'byId'>; messages: Pick<MessageOutbox, 'pageOf'> };

/**
 * GET /orders/:id/messages: the admins' order page shows what the customer and the shop were told
 * about an order and whether it went out (pending, sent, failed), removed orders included.
 */
export async function orderMessages(deps: Deps, actor: Actor, orderId: string, page: Page): Promise<Result<Paged<StoredMessage>, AppError>> {
  if (!roleCan(actor.role, 'customers.read')) return err(orderNotFound());
  const order = await deps.orders.byId(orderId);
  if (!order) return err(orderNotFound());
  return ok(await deps.messages.pageOf(order.id, page));
}

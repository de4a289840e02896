import { roleCan } from '../../shared/permissions.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { Lang } from '../../shared/locale-format.js';
import { err, ok, type Result } from '../../shared/result.js';
import { invoiceOf, packingSlipOf, type OrderDocument, type ShopIdentity } from './domain/invoice.js';
import { orderNotFound, visibleTo, type Actor, type ListedOrder, type OrderReads } from '../ordering/index.js';

type Deps = {
  /** listedById: the order with at most `maxLines` lines and how many it holds, so a huge one is never read whole. */
  orders: Pick<OrderReads, 'listedById'>;
  shop: ShopIdentity;
  /**
   * Lines an order may have to get a PDF (MAX_ORDER_LINES, issue 40): the API places none larger,
   * but an imported order or one from before the limit may hold thousands, and drawing 200,000
   * lines held the event loop for minutes. Such an order is refused, not cut (decision 047).
   */
  maxLines: number;
  /** The customer records an account claimed, as the owners of the orders the staff took for them (issue 36): their invoices are the account's. */
  claimedOwners?: ((userId: string) => Promise<string[]>) | undefined;
};

/** Packing slips printed in one file at most (issue 17): one page each, and a bound on the work. */
export const maxPackingSlips = 50;

/** MAX_ORDER_LINES's default: what a PDF is made for when the shop passes no limit. */
export const defaultMaxDocumentLines = 50;

/** An order too large to draw: a 409 that says where its lines can be read instead. */
export const documentTooLarge = (order: ListedOrder, maxLines: number, admin: boolean): AppError =>
  appError(
    'ordering/document-too-large',
    `Order ${order.placed.orderNumber ?? order.id} has ${order.lineCount} lines, more than the ${maxLines} a PDF is made for. ` +
      (admin ? 'Its lines are in the orders CSV export (Orders desk, Export CSV).' : 'Please ask the shop for its invoice.'),
  );

/** Canceled orders among those chosen for packing slips: a 409 naming them. */
const orderCanceled = (numbers: readonly string[]): AppError =>
  appError(
    'ordering/order-canceled',
    numbers.length === 1
      ? `Order ${numbers[0]} is canceled: it gets no packing slip. Unselect it and print again.`
      : `Orders ${numbers.join(', ')} are canceled: they get no packing slip. Unselect them and print again.`,
  );

/**
 * GET /orders/:id/invoice.pdf: seen by whoever may see the order (GET /orders/:id): its owner
 * while it is listed, any admin; to anyone else it does not exist. Written in the order's language
 * (what its customer was sent, issue 18) unless `lang` asks for another.
 */
export async function invoiceFor(deps: Deps, actor: Actor, orderId: string, lang?: Lang): Promise<Result<OrderDocument, AppError>> {
  const order = await deps.orders.listedById(orderId, deps.maxLines);
  const staff = roleCan(actor.role, 'orders.read');
  if (!order || (order.removed && !staff)) return err(orderNotFound());
  // An order the staff took for a phone the account proved is theirs too (issue 36).
  const seen = visibleTo(order, actor) || (deps.claimedOwners !== undefined && visibleTo(order, actor, await deps.claimedOwners(actor.userId)));
  if (!seen) return err(orderNotFound());
  if (order.lineCount > deps.maxLines) return err(documentTooLarge(order, deps.maxLines, staff));
  return ok(invoiceOf(order, deps.shop, lang));
}

/**
 * GET /orders/packing-slips.pdf (orders.pack): one slip per order, in the order asked, each order once.
 * An id that names no order refuses the whole file, without saying which (the desk sent them).
 * A canceled order refuses it too, naming every canceled one (issue 33): a slip goes into a parcel
 * and tells the courier what to collect, so none is printed for an order that is not sent; the
 * admin unselects them on the desk and prints again, rather than finding fewer slips than chosen.
 * Each slip in its order's language unless `lang` asks for one for all. Those who pack without
 * reading every order (issue 36) see only the Confirmed orders, as GET /packing/orders lists them:
 * any other is, to them, an order that does not exist.
 */
export async function packingSlipsFor(deps: Deps, actor: Actor, orderIds: readonly string[], lang?: Lang): Promise<Result<OrderDocument[], AppError>> {
  if (!roleCan(actor.role, 'orders.pack')) return err(appError('auth/forbidden', 'Only the shop prints packing slips.'));
  const packerOnly = !roleCan(actor.role, 'orders.read');
  const unique = [...new Set(orderIds)];
  if (unique.length === 0 || unique.length > maxPackingSlips) return err(appError('http/validation', `Choose 1 to ${maxPackingSlips} orders.`));
  const docs: OrderDocument[] = [];
  const canceled: string[] = [];
  for (const id of unique) {
    const order = await deps.orders.listedById(id, deps.maxLines);
    if (!order || (packerOnly && (order.status !== 'Confirmed' || order.removed))) return err(appError('ordering/order-not-found', 'One of these orders does not exist (any more).'));
    if (order.status === 'Canceled') {
      canceled.push(String(order.placed.orderNumber ?? order.id));
      continue;
    }
    if (order.lineCount > deps.maxLines) return err(documentTooLarge(order, deps.maxLines, true));
    docs.push(packingSlipOf(order, deps.shop, lang));
  }
  if (canceled.length > 0) return err(orderCanceled(canceled));
  return ok(docs);
}

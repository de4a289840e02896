import type { Clock } from '../../shared/clock.js';
import { findDistrict, findThana, zoneOf } from '../../shared/bd-areas.js';
import { appError, type AppError } from '../../shared/errors.js';
import { orderTotals, type DeliveryZone } from '../../shared/money.js';
import { err, ok, type Result } from '../../shared/result.js';
import { notEnoughMessage, type StockLine } from '../../shared/stock.js';
import type { EditedFields, EditedLine } from './domain/edit.js';
import { orderNotFound, type Actor, type OrderState } from './domain/order.js';
import { allowanceOf } from './domain/taken.js';
import { currentOrder, handleOrderCommand } from './handle-order-command.js';
import { lineOf, type PlacementLimits } from './place-order.js';
import type { OrderingPorts, OrderingStores } from './ports.js';

/** What an admin asks to change (PATCH /api/orders/:id/lines); absent fields stay as they are. */
export type EditOrderInput = {
  reason: string;
  /** The order's version the admin saw: a later change answers ordering/edit-conflict. */
  expectedVersion?: number | undefined;
  name?: string | undefined;
  /** Normalised (+8801XXXXXXXXX). */
  phone?: string | undefined;
  address?: string | undefined;
  district?: string | undefined;
  thana?: string | undefined;
  deliveryLocation?: DeliveryZone | undefined;
  /** All the lines the order keeps: a variant and its quantity each (a line left out is removed). */
  lines?: Array<{ productId: string; size: string; color: string; quantity: number }> | undefined;
};

type Deps = {
  clock: Clock;
  transaction: <T>(work: (stores: OrderingStores) => Promise<T>) => Promise<T>;
  ports: Pick<OrderingPorts, 'stockChanged'>;
  limits: Pick<PlacementLimits, 'maxOrderLines' | 'maxLineQuantity' | 'maxOrderTotal'>;
};

/** A refusal inside the transaction: thrown so that the stock already moved is undone with it. */
class Refused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}
const refuse = (error: AppError): never => {
  throw new Refused(error);
};
const invalid = (message: string): never => refuse(appError('http/validation', message));

const keyOf = (l: Pick<StockLine, 'productId' | 'size' | 'color'>) => `${l.productId}\u0000${l.size}\u0000${l.color}`;

/**
 * Changes a Pending or Confirmed order (issue 36): its lines, address, phone, zone. In one ordering
 * transaction: the order as its log folds now, the new lines priced (a line kept keeps its price, a
 * new one takes the catalogue's), the stock moved by the difference (a shortage refuses the whole
 * edit, nothing moved), the totals computed again by the money rules, and the Edited event decided
 * and appended with what changed and why (its in-transaction handlers update the listing and the
 * sales, and queue the customer's message).
 */
export async function editOrder(deps: Deps, actor: Actor, orderId: string, input: EditOrderInput): Promise<Result<OrderState, AppError>> {
  let moved = false;
  try {
    const order = await deps.transaction(async (stores) => {
      const state = await currentOrder(stores, orderId);
      if (!state || state.deleted) return refuse(orderNotFound());
      const before: EditedFields = {};
      const after: EditedFields = {};
      const set = <K extends keyof EditedFields>(field: K, now: EditedFields[K], was: EditedFields[K]) => {
        if (now === undefined || now === was) return;
        after[field] = now;
        before[field] = was;
      };
      const p = state.placed;
      set('name', input.name, p.name);
      set('phone', input.phone, p.phone);
      set('address', input.address, p.address);

      // The area: a district and thana of the list decide the zone; a zone alone must be theirs when the order has them.
      const place = areaOf(input.district ?? p.district, input.thana ?? p.thana);
      const zone = input.deliveryLocation ?? (input.district !== undefined || input.thana !== undefined ? place?.zone : undefined) ?? (p.deliveryLocation || undefined);
      if (!zone) return invalid('Choose the delivery zone.');
      if (place && place.zone !== zone) invalid(`${place.thana}, ${place.district} is delivered ${place.zone}: choose ${place.zone}`);
      if (input.district !== undefined || input.thana !== undefined) {
        if (!place) return invalid('Choose the district and thana from the list.');
        set('district', place.district, p.district);
        set('thana', place.thana, p.thana);
      }
      set('deliveryLocation', zone, p.deliveryLocation || undefined);

      let lines: EditedLine[] = p.lines;
      const taken: StockLine[] = [];
      const returned: StockLine[] = [];
      if (input.lines) {
        if (!p.stockTaken) return invalid('This order was placed before stock was kept: its lines cannot be changed. Cancel it and place a new one.');
        lines = await linesAfter(stores, p.lines, input.lines, deps.limits);
        if (linesDiffer(p.lines, lines)) {
          // The stock moves by the difference, variant by variant.
          const was = new Map(p.stockTaken.map((l) => [keyOf(l), l.quantity]));
          const now = new Map<string, StockLine>();
          for (const l of lines) now.set(keyOf(l), { productId: l.productId, size: l.size, color: l.color, quantity: (now.get(keyOf(l))?.quantity ?? 0) + l.quantity });
          for (const [key, line] of now) {
            const more = line.quantity - (was.get(key) ?? 0);
            if (more <= 0) continue;
            const took = await stores.ports.takeStock({ ...line, quantity: more });
            if ('available' in took) return refuse(appError('ordering/out-of-stock', notEnoughMessage(lines.find((l) => keyOf(l) === key)?.title ?? line.productId, line.size, line.color, took.available)));
            taken.push(took.taken);
          }
          const back: StockLine[] = [];
          for (const old of p.stockTaken) {
            const less = old.quantity - (now.get(keyOf(old))?.quantity ?? 0);
            if (less > 0) back.push({ ...old, quantity: less });
          }
          if (back.length) returned.push(...(await stores.ports.giveBackStock(back)));
          after.lines = lines;
          before.lines = p.lines;
          after.stockTaken = [...now.values()];
          before.stockTaken = p.stockTaken;
        }
      }
      if (after.lines !== undefined || after.deliveryLocation !== undefined) {
        const totals = orderTotals(lines, p.discountBasisPoints, zone, allowanceOf(p));
        if (totals.total > deps.limits.maxOrderTotal) invalid(`An order can be at most ${deps.limits.maxOrderTotal} BDT (this one would be ${totals.total} BDT).`);
        Object.assign(after, { subtotal: totals.subtotal, discount: totals.discount, fee: totals.fee, total: totals.total });
        Object.assign(before, { subtotal: p.subtotal, discount: p.discount, fee: p.fee, total: p.total });
      }
      const done = await handleOrderCommand({ ...stores, clock: deps.clock }, orderId, {
        type: 'EditOrder',
        actor,
        expectedVersion: input.expectedVersion,
        edit: { reason: input.reason, before, after, stockTaken: taken, stockReturned: returned },
      });
      if (!done.ok) return refuse(done.error);
      moved = taken.length > 0 || returned.length > 0;
      return done.value.order;
    });
    if (moved) deps.ports.stockChanged();
    return ok(order);
  } catch (e) {
    if (e instanceof Refused) return err(e.error);
    throw e;
  }
}

/** A district and thana of the shop's list, by name, with their zone; null when either is unknown or absent. */
function areaOf(districtName: string | undefined, thanaName: string | undefined): { district: string; thana: string; zone: DeliveryZone } | null {
  if (!districtName || !thanaName) return null;
  const district = findDistrict(districtName);
  const thana = district ? findThana(district.id, thanaName) : undefined;
  if (!district || !thana) return null;
  return { district: district.en, thana: thana.en, zone: zoneOf(district.id, thana.en) };
}

/** The lines an edit asks for, priced: a variant the order has keeps its line and price, a new one is the catalogue's now. */
async function linesAfter(stores: OrderingStores, old: readonly EditedLine[], asked: NonNullable<EditOrderInput['lines']>, limits: Deps['limits']): Promise<EditedLine[]> {
  if (asked.length === 0) return invalid('An order keeps at least one line: to drop them all, cancel it.');
  if (asked.length > limits.maxOrderLines) return invalid(`An order can hold at most ${limits.maxOrderLines} different items.`);
  const seen = new Set<string>();
  const lines: EditedLine[] = [];
  for (const item of asked) {
    const key = keyOf(item);
    if (seen.has(key)) return invalid('Each variant is one line: add up its quantities.');
    seen.add(key);
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > limits.maxLineQuantity) return invalid(`A quantity is from 1 to ${limits.maxLineQuantity}.`);
    const kept = old.find((l) => keyOf(l) === key);
    if (kept) {
      lines.push({ ...kept, quantity: item.quantity, price: kept.unitPrice * item.quantity });
      continue;
    }
    const product = await stores.ports.productById(item.productId);
    if (!product) return refuse(appError('ordering/product-unavailable', 'A product asked for is no longer available.'));
    if (product.sizes.length > 0 ? !product.sizes.includes(item.size) : item.size !== '') return invalid(`Choose a size of ${product.title}${product.sizes.length ? `: ${product.sizes.join(', ')}` : ' (it has none)'}.`);
    if (product.colors.length > 0 ? !product.colors.includes(item.color) : item.color !== '') return invalid(`Choose a color of ${product.title}${product.colors.length ? `: ${product.colors.join(', ')}` : ' (it has none)'}.`);
    lines.push(lineOf(product, item));
  }
  return lines;
}

const linesDiffer = (a: readonly EditedLine[], b: readonly EditedLine[]): boolean =>
  a.length !== b.length || a.some((line, i) => keyOf(line) !== keyOf(b[i]!) || line.quantity !== b[i]!.quantity);

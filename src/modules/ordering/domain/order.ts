import { appError, type AppError, type ErrorCode } from '../../../shared/errors.js';
import { orderTotals, type BasisPoints, type DeliveryZone } from '../../../shared/money.js';
import { err, ok, type Result } from '../../../shared/result.js';
import type { StockLine } from '../../../shared/stock.js';
import type { Lang } from '../../../shared/locale-format.js';

/**
 * An order as a decider (decision 019): `decide(state, command)` holds every rule and answers the
 * events a command produces or a refusal; `evolve(state, event)` only applies an event, so a log
 * written under yesterday's rules folds the same under today's. Nothing moves an order back to
 * Pending.
 */

export const orderStatuses = ['Pending', 'Confirmed', 'Canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderEventTypes = ['Placed', 'Confirmed', 'Canceled', 'CanceledByCustomer', 'Deleted', 'Imported'] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

export type OrderLine = {
  productId: string;
  title: string;
  /**
   * The product's Bengali title when the order was placed (issue 33), beside its English `title`:
   * My Orders and the invoice name the item in the reader's language, and a later rename changes
   * no past order. Absent when the product had none, and in orders placed before it was kept.
   */
  titleBn?: string;
  category: string;
  image: string;
  size: string;
  color: string;
  /** The Bengali names of the size and color when the order was placed (issue 33), each absent when it had none. */
  sizeBn?: string;
  colorBn?: string;
  quantity: number;
  unitPrice: number;
  /** unitPrice x quantity */
  price: number;
};

/** Everything the order was placed with, priced by the server: the Placed event's payload. */
export type PlacedSnapshot = {
  owner: { userId: string; email: string };
  name: string;
  phone: string;
  address: string;
  /** '' only in an imported order whose customer never chose a zone (the old checkout's placeholder). */
  deliveryLocation: DeliveryZone | '';
  paymentMethod: 'Cash On Delivery';
  appliedCoupon: string | null;
  discountBasisPoints: BasisPoints;
  lines: OrderLine[];
  subtotal: number;
  discount: number;
  fee: number;
  total: number;
  /**
   * The stock the order took, variant by variant, in the transaction of this event (decision 028).
   * Absent in orders placed before stock existed: they took none and give none back.
   */
  stockTaken?: StockLine[];
  /**
   * The order's number (10001, 10002, ...), given in commit order (decision 030). Absent in the
   * Placed events of orders placed before numbers existed: the listing holds theirs.
   */
  orderNumber?: number;
  /**
   * A demo order, placed at the first start of a demo shop by a demo customer (issue 17): it sends
   * no messages. Absent in every real order.
   */
  demo?: true;
  /**
   * The language the order was placed in (issue 18: the placing request's Accept-Language): its
   * messages and invoice speak it. Absent in orders placed before languages existed: English.
   */
  lang?: Lang;
};

export type Actor = { userId: string; email: string; role: 'admin' | 'customer' };

/**
 * A change's payload: `{}`, or for a Pending order's Canceled, CanceledByCustomer or Deleted that
 * took stock, the stock given back (the lines whose variant still existed; decision 028).
 */
export type ChangePayload = { stockReturned?: StockLine[] };

/**
 * An order of the shop this one replaced (issue 19, decision 041), brought in by
 * `npm run import:original`: one Imported event opens it with the status it had there. The
 * snapshot's totals are whole taka (`total` is the recorded amount, halves rounded down);
 * `imported` keeps what the old shop recorded where it differs. It took no stock and sent nothing.
 */
export type ImportedSnapshot = PlacedSnapshot & {
  imported: { status: OrderStatus; amount: number; asRecorded?: { phone?: string; deliveryLocation?: string; paymentMethod?: string } };
};

/** The events that open an order: Placed, or Imported (decision 041). */
export type OpeningEvent = { type: 'Placed'; payload: PlacedSnapshot } | { type: 'Imported'; payload: ImportedSnapshot };
export type ChangeEventType = Exclude<OrderEventType, 'Placed' | 'Imported'>;
export const opensOrder = (type: OrderEventType): type is 'Placed' | 'Imported' => type === 'Placed' || type === 'Imported';

export type OrderEvent = OpeningEvent | { type: ChangeEventType; payload: ChangePayload };

export type RecordedEvent = OrderEvent & { orderId: string; seq: number; actor: Actor; at: Date };

export type OrderState = {
  id: string;
  placed: PlacedSnapshot;
  status: OrderStatus;
  /** Removed from the customer's lists (canceled by them, or deleted by an admin); the log keeps it. */
  removed: boolean;
  /**
   * Deleted by an admin: off the admins' desk too. An order its customer canceled stays on the desk
   * (issue 33), as canceled by the customer, until an admin deletes it.
   */
  deleted?: true;
  /** Who canceled it: the shop (an admin's Canceled) or the customer; null while it is not canceled. */
  canceledBy: 'shop' | 'customer' | null;
  canceledAt: Date | null;
  placedAt: Date;
  updatedAt: Date;
  version: number;
  /** Opened by an Imported event (decision 041): the placement limits do not count it. */
  imported?: true;
};

/** Before its Placed event an order does not exist. */
export const initialState: OrderState | null = null;

/** What an actor asks of an order. PlaceOrder carries the priced snapshot; the others only who asks. */
export type OrderCommand = { type: 'PlaceOrder'; data: PlacedSnapshot; actor: Actor } | { type: ChangeCommand; actor: Actor };
export type ChangeCommand = 'ConfirmOrder' | 'CancelOrder' | 'RemoveOrder';

type Refusal = { refused: ErrorCode; reason: string };
/** A cell of the table: the event the command produces, or why it is refused. */
export type Outcome = ChangeEventType | Refusal;
export type TransitionTable = Readonly<Record<ChangeCommand, Readonly<Record<OrderStatus, Readonly<Record<Actor['role'], Outcome>>>>>>;

const illegal = (reason: string): Refusal => ({ refused: 'ordering/illegal-transition', reason });
const onlyAdmin: Refusal = { refused: 'auth/forbidden', reason: 'only an admin can change the status' };

/**
 * The allowed transitions (the spec's state machine): status x command -> event, per role. A
 * customer here is the order's owner: anyone else's order does not exist for them, and a removed
 * order takes no command (both answered before the table, as "not found"), but for an admin's
 * delete of an order its customer canceled (still on the desk, issue 33). RemoveOrder is DELETE:
 * the owner cancels (and removes) a Pending order; an admin deletes an order at any status.
 */
export const transitions: TransitionTable = {
  ConfirmOrder: {
    Pending: { admin: 'Confirmed', customer: onlyAdmin },
    Confirmed: { admin: illegal('a Confirmed order cannot be marked Confirmed'), customer: onlyAdmin },
    Canceled: { admin: illegal('a Canceled order cannot be marked Confirmed'), customer: onlyAdmin },
  },
  CancelOrder: {
    Pending: { admin: 'Canceled', customer: onlyAdmin },
    Confirmed: { admin: illegal('a Confirmed order cannot be marked Canceled'), customer: onlyAdmin },
    Canceled: { admin: illegal('a Canceled order cannot be marked Canceled'), customer: onlyAdmin },
  },
  RemoveOrder: {
    Pending: { admin: 'Deleted', customer: 'CanceledByCustomer' },
    Confirmed: { admin: 'Deleted', customer: illegal('a Confirmed order can no longer be canceled') },
    Canceled: { admin: 'Deleted', customer: illegal('a Canceled order can no longer be canceled') },
  },
};

/** An admin sees every order; a customer only their own. Anyone else's order is answered as if it did not exist. */
export const visibleTo = (order: Pick<OrderState, 'placed'>, actor: Actor): boolean => actor.role === 'admin' || order.placed.owner.userId === actor.userId;

export const orderNotFound = (): AppError => appError('ordering/order-not-found', 'This order does not exist (any more).');
const notAllowed = (code: ErrorCode, reason: string): AppError => appError(code, `Not allowed: ${reason}.`);

/**
 * A removed order an admin still reaches (issue 33): one its customer canceled, which the desk
 * lists until an admin deletes it. Canceled, the table lets the admin only delete it.
 */
const onTheDesk = (state: OrderState, actor: Actor): boolean => actor.role === 'admin' && state.canceledBy === 'customer' && state.deleted !== true;

/** A decider over another table: today's is `transitions`; a test tightens it to show old logs still fold. */
export function deciderOver(table: TransitionTable) {
  return function decide(state: OrderState | null, command: OrderCommand): Result<OrderEvent[], AppError> {
    if (command.type === 'PlaceOrder') {
      if (state !== null) return err(notAllowed('ordering/illegal-transition', 'this order was already placed'));
      const wrong = snapshotProblem(command.data, command.actor);
      if (wrong) return err(notAllowed('ordering/illegal-transition', wrong));
      return ok([{ type: 'Placed', payload: command.data }]);
    }
    if (state === null || !visibleTo(state, command.actor) || (state.removed && !onTheDesk(state, command.actor))) return err(orderNotFound());
    const outcome = table[command.type][state.status][command.actor.role];
    if (typeof outcome !== 'string') return err(notAllowed(outcome.refused, outcome.reason));
    return ok([{ type: outcome, payload: {} }]);
  };
}

export const decide = deciderOver(transitions);

/**
 * The stock an event gives back (decision 028): all the order took, when a Pending order is
 * canceled (by an admin or its customer) or deleted. A Confirmed order's stock stays sold; a
 * Canceled one gave its stock back when it was canceled.
 */
export function stockToReturn(state: OrderState | null, type: OrderEventType): StockLine[] {
  if (state === null || state.status !== 'Pending' || state.removed) return [];
  if (type !== 'Canceled' && type !== 'CanceledByCustomer' && type !== 'Deleted') return [];
  return state.placed.stockTaken ?? [];
}

/**
 * What a Placed event must be: the actor's own order of at least one line, priced consistently
 * (line price = unit price x quantity; subtotal, discount, fee and total as the money rules say).
 */
function snapshotProblem(placed: PlacedSnapshot, actor: Actor): string | null {
  if (placed.owner.userId !== actor.userId || placed.owner.email !== actor.email) return 'an order is placed by its owner';
  if (placed.lines.length === 0) return 'an order has at least one line';
  if (placed.lines.some((line) => line.price !== line.unitPrice * line.quantity)) return "a line's price is its unit price times its quantity";
  if (placed.deliveryLocation === '') return 'an order names its delivery zone';
  const totals = orderTotals(placed.lines, placed.discountBasisPoints, placed.deliveryLocation);
  if (totals.subtotal !== placed.subtotal || totals.discount !== placed.discount || totals.fee !== placed.fee || totals.total !== placed.total) {
    return "the order's totals follow the money rules";
  }
  return null;
}

/**
 * Applies one event and checks nothing: the rules were decide()'s when the event was written, and
 * today's rules must not refuse yesterday's log. The fold checks the log's structure first.
 */
export function evolve(state: OrderState | null, event: RecordedEvent): OrderState {
  if (event.type === 'Imported') {
    // The old shop's status as recorded; a Canceled one was the shop's (its customers' cancels deleted the order), at a time it did not record.
    const { status } = event.payload.imported;
    return { id: event.orderId, placed: event.payload, status, removed: false, canceledBy: status === 'Canceled' ? 'shop' : null, canceledAt: null, placedAt: event.at, updatedAt: event.at, version: event.seq, imported: true };
  }
  if (event.type === 'Placed') {
    return { id: event.orderId, placed: event.payload, status: 'Pending', removed: false, canceledBy: null, canceledAt: null, placedAt: event.at, updatedAt: event.at, version: event.seq };
  }
  if (state === null) throw new Error(`${event.type} before Placed: the fold checks the log's structure before evolve`);
  const next = { ...state, updatedAt: event.at, version: event.seq };
  switch (event.type) {
    case 'Confirmed':
      return { ...next, status: 'Confirmed' };
    case 'Canceled':
      return { ...next, status: 'Canceled', canceledBy: 'shop', canceledAt: event.at };
    case 'CanceledByCustomer':
      return { ...next, status: 'Canceled', removed: true, canceledBy: 'customer', canceledAt: event.at };
    case 'Deleted':
      return { ...next, removed: true, deleted: true };
  }
}

export type FoldError = { problem: string; seq: number };

/**
 * Log integrity, not business rules: each order's events are numbered 1, 2, 3... and the first,
 * and only the first, is Placed. A log that breaks this was damaged, whatever the rules were.
 */
export function structureProblem(state: OrderState | null, event: RecordedEvent): string | null {
  const expectedSeq = (state?.version ?? 0) + 1;
  if (event.seq !== expectedSeq) return `sequence ${event.seq} where ${expectedSeq} was expected`;
  if (opensOrder(event.type) && state) return `a second ${event.type} event`;
  if (!opensOrder(event.type) && !state) return `${event.type} before Placed`;
  return null;
}

/** One step of a replay: the structure check, then evolve. */
export function replay(state: OrderState | null, event: RecordedEvent): OrderState | FoldError {
  const problem = structureProblem(state, event);
  return problem ? { problem, seq: event.seq } : evolve(state, event);
}

/** The pure fold: the same events give the same state, every time. */
export function fold(events: readonly RecordedEvent[]): OrderState | FoldError | null {
  let state = initialState;
  for (const event of events) {
    const next = replay(state, event);
    if ('problem' in next) return next;
    state = next;
  }
  return state;
}

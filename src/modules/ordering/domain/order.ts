import { appError, type AppError, type ErrorCode } from '../../../shared/errors.js';
import { orderTotals, type BasisPoints, type DeliveryZone } from '../../../shared/money.js';
import { err, ok, type Result } from '../../../shared/result.js';
import type { StockLine } from '../../../shared/stock.js';
import type { Lang } from '../../../shared/locale-format.js';
import { actorCan, isPerson, type Actor } from './actor.js';
import type { OrderLine } from './line.js';
import { decideEdit, type EditCommand, type EditPayload } from './edit.js';
import { allowanceOf, isCustomerOwner, type Taken } from './taken.js';
import { advanceAwaiting, advanceHeld, cashOnDelivery, decidePayment, evolveAdvance, isPaymentEventType, paymentCommandTypes, paymentEventTypes, type AdvanceAsked, type AdvanceState, type PaymentCommand, type PaymentEvent } from './advance.js';

/**
 * An order as a decider (decision 019): `decide(state, command)` holds every rule and answers the
 * events a command produces or a refusal; `evolve(state, event)` only applies an event, so a log
 * written under yesterday's rules folds the same under today's. Nothing moves an order back to
 * Pending.
 */

export const orderStatuses = ['Pending', 'Confirmed', 'Canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A parcel's life after Confirmed (issue 34, decision 060): events of the same log. */
export const deliveryEventTypes = ['Booked', 'PickedUp', 'InTransit', 'Delivered', 'PartlyDelivered', 'Returned', 'ReturnReceived', 'Settled', 'BookingCanceled'] as const;
export type DeliveryEventType = (typeof deliveryEventTypes)[number];
export const orderEventTypes = ['Placed', 'Confirmed', 'Canceled', 'CanceledByCustomer', 'Deleted', 'Imported', ...deliveryEventTypes, ...paymentEventTypes, 'Edited'] as const;
export type OrderEventType = (typeof orderEventTypes)[number];
export const isDeliveryEvent = (type: OrderEventType): type is DeliveryEventType => (deliveryEventTypes as readonly string[]).includes(type);
/** The same test on an event, narrowing it. */
export const isParcelEvent = (event: OrderEvent): event is DeliveryEvent => isDeliveryEvent(event.type);

/**
 * Where a parcel stands. The list's order is the rank: a courier's report never moves a parcel
 * back, and the three last are final (a report after one of them changes nothing).
 */
export const parcelStatuses = ['booked', 'picked_up', 'in_transit', 'delivered', 'partly_delivered', 'returned'] as const;
export type ParcelStatus = (typeof parcelStatuses)[number];
export const parcelRank = (status: ParcelStatus): number => Math.min(parcelStatuses.indexOf(status), 3);
export const parcelIsFinal = (status: ParcelStatus): boolean => parcelRank(status) === 3;

export type { OrderLine } from './line.js';

/** Everything the order was placed with, priced by the server: the Placed event's payload. */
export type PlacedSnapshot = {
  owner: { userId: string; email: string };
  name: string;
  phone: string;
  address: string;
  /**
   * The district and thana/upazila chosen at checkout from the shop's list (issue 34,
   * src/shared/bd-areas.ts; English names, as the couriers take them), beside the free address.
   * Absent in orders placed before they were asked, and from clients that do not send them.
   */
  district?: string;
  thana?: string;
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
  /**
   * The advance asked before the order counts (issue 35, decision 061): paid through bKash by
   * `holdUntil`, or the order lapses and gives its stock back. Absent: cash on delivery alone.
   */
  advance?: AdvanceAsked;
  /**
   * Taken by the shop's staff for a customer without an account (issue 36, decision 064): where it
   * came from, who took it, and the discount or waived fee given with their reasons. The owner is
   * then the customer's record (`customer:<id>`). Absent on every order a shopper placed.
   */
  taken?: Taken;
};

export { courierActor, systemActor, type Actor } from './actor.js';

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
export type ChangeEventType = Exclude<OrderEventType, 'Placed' | 'Imported' | DeliveryEventType | PaymentEvent['type'] | 'Edited'>;
export const opensOrder = (type: OrderEventType): type is 'Placed' | 'Imported' => type === 'Placed' || type === 'Imported';

/** What a courier said with a report: its words for the timeline and when it says it happened (ISO), each absent when it said none. */
export type CourierWords = { message?: string; messageBn?: string; courierAt?: string };

/** The events of a parcel's life (issue 34, decision 060), with what each records. */
export type DeliveryEvent =
  /** Booked with a courier: its ids for the parcel, the cash it is to collect and the charge it quoted (null: it did not say). */
  | { type: 'Booked'; payload: { courier: string; consignmentId: string; trackingCode: string; codAmount: number; deliveryCharge: number | null } }
  | { type: 'PickedUp' | 'InTransit'; payload: CourierWords }
  /** Delivered, whole or in part: the cash the courier collected (it now holds it for the shop) and its charge when it said. */
  | { type: 'Delivered' | 'PartlyDelivered'; payload: CourierWords & { collectedAmount: number; deliveryCharge?: number } }
  /** The parcel goes back to the shop, nothing collected (its return charge when the courier said). */
  | { type: 'Returned'; payload: CourierWords & { deliveryCharge?: number } }
  /** An admin received the parcel back: the stock it gave back (what came back of a partial delivery is the admin's count). */
  | { type: 'ReturnReceived'; payload: { stockReturned: StockLine[] } }
  /** The courier paid the parcel's cash out: its payout's reference, what the shop received and the courier's fee. */
  | { type: 'Settled'; payload: { reference: string; amount: number; fee: number } }
  /** The booking was canceled with the courier before pick-up: the order can be booked again. */
  | { type: 'BookingCanceled'; payload: { reason?: string } };

/** An order changed after it was placed (issue 36, domain/edit.ts): what changed, why, and the stock it moved. */
export type EditedEvent = { type: 'Edited'; payload: EditPayload };
export type OrderEvent = OpeningEvent | { type: ChangeEventType; payload: ChangePayload } | DeliveryEvent | PaymentEvent | EditedEvent;

/** A parcel as the order's log tells it (absent before a booking and after a canceled one). */
export type DeliveryState = {
  courier: string;
  consignmentId: string;
  trackingCode: string;
  codAmount: number;
  /** The courier's charge: quoted at booking, replaced by what it reports later; null while it said none. */
  deliveryCharge: number | null;
  status: ParcelStatus;
  /** Cash the courier collected (delivered or partly delivered); null before. */
  collectedAmount: number | null;
  /** The courier's latest words about the parcel. */
  message: string | null;
  messageBn: string | null;
  bookedAt: Date;
  updatedAt: Date;
  /** When the returned (or partly delivered) parcel was received back at the shop. */
  returnReceivedAt: Date | null;
  settled: { reference: string; amount: number; fee: number; at: Date } | null;
};

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
  /** The parcel of a Confirmed order booked with a courier (issue 34); absent otherwise. */
  delivery?: DeliveryState;
  /** The advance asked when it was placed (issue 35), as paid, expired or refunded since; absent: none asked. */
  advance?: AdvanceState;
};

/** Before its Placed event an order does not exist. */
export const initialState: OrderState | null = null;

/** What an actor asks of an order. PlaceOrder carries the priced snapshot; the others only who asks. */
export type OrderCommand = { type: 'PlaceOrder'; data: PlacedSnapshot; actor: Actor } | { type: ChangeCommand; actor: Actor } | DeliveryCommand | PaymentCommand | EditCommand;
export type ChangeCommand = 'ConfirmOrder' | 'CancelOrder' | 'RemoveOrder';

/** A courier's report in the shop's terms (the delivery module reads it off a webhook or a status call). */
export type ParcelReport = { status: ParcelStatus | null; collectedAmount: number | null; deliveryCharge: number | null; message: string | null; messageBn: string | null; at: Date | null };

/** What the delivery module asks of a Confirmed order's parcel (issue 34, decision 060). */
export type DeliveryCommand =
  | { type: 'RecordBooking'; actor: Actor; booking: { courier: string; consignmentId: string; trackingCode: string; deliveryCharge: number | null } }
  | { type: 'RecordParcelReport'; actor: Actor; report: ParcelReport }
  | { type: 'ReceiveReturn'; actor: Actor; lines?: readonly StockLine[] }
  | { type: 'CancelBooking'; actor: Actor; reason?: string }
  | { type: 'RecordSettlement'; actor: Actor; settlement: { reference: string; amount: number; fee: number } };

type Refusal = { refused: ErrorCode; reason: string };
/** A cell of the table: the event the command produces, or why it is refused. */
export type Outcome = ChangeEventType | Refusal;
/**
 * The table's two columns: the shop (a role holding orders.manage: admin, desk) and the order's own
 * customer. Any other role changes no status: a courier's reports are delivery commands, the
 * shop's timer records payments, and a role without orders.manage is refused.
 */
type TableRole = 'admin' | 'customer';
export type TransitionTable = Readonly<Record<ChangeCommand, Readonly<Record<OrderStatus, Readonly<Record<TableRole, Outcome>>>>>>;

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

/**
 * Staff holding orders.read see every order; anyone else only their own (a member of staff who
 * shops is a customer of their own orders), and those taken by the shop for a customer record they
 * claimed by proving its phone (`claims`: those records as owners, issue 36). Anyone else's order
 * is answered as if it did not exist.
 */
export const visibleTo = (order: Pick<OrderState, 'placed'>, actor: Actor, claims: readonly string[] = []): boolean =>
  actorCan(actor, 'orders.read') || (isPerson(actor) && (order.placed.owner.userId === actor.userId || claims.includes(order.placed.owner.userId)));

/** The column of the status table the actor reads: the shop's, the owner's, or none (403). */
const tableRoleOf = (state: OrderState, actor: Actor): TableRole | null => (actorCan(actor, 'orders.manage') ? 'admin' : state.placed.owner.userId === actor.userId ? 'customer' : null);

export const orderNotFound = (): AppError => appError('ordering/order-not-found', 'This order does not exist (any more).');
const notAllowed = (code: ErrorCode, reason: string): AppError => appError(code, `Not allowed: ${reason}.`);

/**
 * A removed order an admin still reaches (issue 33): one its customer canceled, which the desk
 * lists until an admin deletes it. Canceled, the table lets the admin only delete it.
 */
const onTheDesk = (state: OrderState, actor: Actor): boolean => actorCan(actor, 'orders.manage') && state.canceledBy === 'customer' && state.deleted !== true;

/** A decider over another table: today's is `transitions`; a test tightens it to show old logs still fold. */
export function deciderOver(table: TransitionTable) {
  return function decide(state: OrderState | null, command: OrderCommand): Result<OrderEvent[], AppError> {
    if (command.type === 'PlaceOrder') {
      if (state !== null) return err(notAllowed('ordering/illegal-transition', 'this order was already placed'));
      const wrong = snapshotProblem(command.data, command.actor);
      if (wrong) return err(notAllowed('ordering/illegal-transition', wrong));
      return ok([{ type: 'Placed', payload: command.data }]);
    }
    if (isDeliveryCommand(command)) return decideDelivery(state, command);
    if (isPaymentCommand(command)) return decidePayment(state, command);
    if (command.type === 'EditOrder') return decideEdit(state, command);
    if (state === null || !isPerson(command.actor) || !visibleTo(state, command.actor) || (state.removed && !onTheDesk(state, command.actor))) return err(orderNotFound());
    const column = tableRoleOf(state, command.actor);
    if (column === null) return err(notAllowed('auth/forbidden', 'your role does not change orders'));
    const outcome = table[command.type][state.status][column];
    if (typeof outcome !== 'string') return err(notAllowed(outcome.refused, outcome.reason));
    if (outcome === 'Deleted' && parcelIsOut(state)) return err(notAllowed('ordering/illegal-transition', "this order's parcel is with the courier: cancel its booking, or receive it back, first"));
    if (outcome === 'Deleted' && advanceHeld(state)) return err(notAllowed('ordering/illegal-transition', "the shopper's bKash advance is still held: refund it first"));
    return ok([{ type: outcome, payload: {} }]);
  };
}

export const decide = deciderOver(transitions);

const deliveryCommands: ReadonlySet<OrderCommand['type']> = new Set(['RecordBooking', 'RecordParcelReport', 'ReceiveReturn', 'CancelBooking', 'RecordSettlement']);
const isDeliveryCommand = (command: OrderCommand): command is DeliveryCommand => deliveryCommands.has(command.type);
const isPaymentCommand = (command: OrderCommand): command is PaymentCommand => paymentCommandTypes.has(command.type);

/** A parcel the shop has not got back, nor been paid for: the order cannot be deleted meanwhile. */
const parcelIsOut = (state: OrderState): boolean => state.delivery !== undefined && state.delivery.returnReceivedAt === null && state.delivery.settled === null;

const parcelEventOf: Readonly<Record<Exclude<ParcelStatus, 'booked'>, 'PickedUp' | 'InTransit' | 'Delivered' | 'PartlyDelivered' | 'Returned'>> = {
  picked_up: 'PickedUp',
  in_transit: 'InTransit',
  delivered: 'Delivered',
  partly_delivered: 'PartlyDelivered',
  returned: 'Returned',
};

/** The couriers' words kept in an event, each bounded (a webhook's text is the courier's, not ours). */
function wordsOf(report: ParcelReport): CourierWords {
  const words: CourierWords = {};
  if (report.message) words.message = report.message.slice(0, 300);
  if (report.messageBn) words.messageBn = report.messageBn.slice(0, 300);
  if (report.at && !Number.isNaN(report.at.getTime())) words.courierAt = report.at.toISOString();
  return words;
}

const wholeTaka = (n: number | null): number | null => (n !== null && Number.isFinite(n) && n >= 0 && n <= 10_000_000 ? Math.round(n) : null);

/**
 * The parcel's table (decision 060): admins book, cancel a booking, receive a return and record a
 * payout; the booked courier (or an admin, from its status call) reports where the parcel is.
 * A report that would move the parcel to a rank it already has or passed, or any report after a
 * final status, decides no event: a webhook repeated or out of order changes nothing.
 */
function decideDelivery(state: OrderState | null, command: DeliveryCommand): Result<DeliveryEvent[], AppError> {
  const { actor } = command;
  if (state === null || state.deleted === true) return err(orderNotFound());
  const delivery = state.delivery;
  const courierOfParcel = actor.role === 'courier' && delivery !== undefined && actor.email === delivery.courier;
  const packer = actorCan(actor, 'orders.pack');
  if (actor.role === 'system' || (actor.role === 'courier' && !courierOfParcel)) return err(orderNotFound());
  if (isPerson(actor) && !packer && !(command.type === 'RecordSettlement' && actorCan(actor, 'money.manage'))) return err(actorCan(actor, 'orders.read') ? notAllowed('auth/forbidden', 'your role does not handle parcels') : orderNotFound());
  const illegalHere = (reason: string) => err(notAllowed('ordering/illegal-transition', reason));
  switch (command.type) {
    case 'RecordBooking': {
      if (!packer) return err(notAllowed('auth/forbidden', 'only the shop books a parcel'));
      if (state.status !== 'Confirmed' || state.removed) return illegalHere(`only a Confirmed order can be booked with a courier, and this one is ${state.status}`);
      if (delivery) return illegalHere(`this order is booked with ${delivery.courier} already`);
      const { courier, consignmentId, trackingCode } = command.booking;
      // The courier collects what is left after an advance paid (issue 35).
      return ok([{ type: 'Booked', payload: { courier, consignmentId, trackingCode, codAmount: cashOnDelivery(state.placed.total, state.advance), deliveryCharge: wholeTaka(command.booking.deliveryCharge) } }]);
    }
    case 'RecordParcelReport': {
      if (!delivery) return illegalHere('this order has no parcel booked');
      const { report } = command;
      if (report.status === null || report.status === 'booked' || parcelIsFinal(delivery.status) || parcelRank(report.status) <= parcelRank(delivery.status)) return ok([]);
      const type = parcelEventOf[report.status];
      const words = wordsOf(report);
      const charge = wholeTaka(report.deliveryCharge);
      const withCharge = charge === null ? {} : { deliveryCharge: charge };
      if (type === 'Delivered' || type === 'PartlyDelivered') {
        // A courier that says nothing of the cash of a whole delivery collected all it was to; of a partial one, nothing we can know.
        const collected = wholeTaka(report.collectedAmount) ?? (type === 'Delivered' ? delivery.codAmount : 0);
        return ok([{ type, payload: { ...words, ...withCharge, collectedAmount: collected } }]);
      }
      if (type === 'Returned') return ok([{ type, payload: { ...words, ...withCharge } }]);
      return ok([{ type, payload: words }]);
    }
    case 'ReceiveReturn': {
      if (!packer) return err(notAllowed('auth/forbidden', 'only the shop receives a returned parcel'));
      if (!delivery || (delivery.status !== 'returned' && delivery.status !== 'partly_delivered')) return illegalHere('only a returned or partly delivered parcel can be received back');
      if (delivery.returnReceivedAt !== null) return illegalHere('this parcel was received back already');
      const taken = state.placed.stockTaken ?? [];
      if (delivery.status === 'returned') return ok([{ type: 'ReturnReceived', payload: { stockReturned: taken } }]);
      const back = returnedWithin(taken, command.lines ?? []);
      if (typeof back === 'string') return err(appError('http/validation', back));
      return ok([{ type: 'ReturnReceived', payload: { stockReturned: back } }]);
    }
    case 'CancelBooking': {
      if (!packer) return err(notAllowed('auth/forbidden', 'only the shop cancels a booking'));
      if (!delivery) return illegalHere('this order has no parcel booked');
      if (delivery.status !== 'booked') return illegalHere('the courier has picked this parcel up: it can no longer be canceled');
      return ok([{ type: 'BookingCanceled', payload: command.reason ? { reason: command.reason.slice(0, 200) } : {} }]);
    }
    case 'RecordSettlement': {
      if (isPerson(actor) && !actorCan(actor, 'money.manage')) return err(notAllowed('auth/forbidden', 'only those who keep the money record a payout'));
      if (!delivery) return illegalHere('this order has no parcel booked');
      if (delivery.settled !== null) return delivery.settled.reference === command.settlement.reference ? ok([]) : illegalHere(`this parcel was settled already (${delivery.settled.reference})`);
      if (!parcelIsFinal(delivery.status)) return illegalHere('only a delivered or returned parcel can be settled');
      const { reference, amount, fee } = command.settlement;
      return ok([{ type: 'Settled', payload: { reference: reference.slice(0, 100), amount, fee } }]);
    }
  }
}

/**
 * The stock an admin counts back from a partly delivered parcel: each line one of the order's
 * variants, at most what the order took of it; lines of the same variant add up.
 */
function returnedWithin(taken: readonly StockLine[], lines: readonly StockLine[]): StockLine[] | string {
  const key = (l: StockLine) => `${l.productId}\u0000${l.size}\u0000${l.color}`;
  const left = new Map(taken.map((l) => [key(l), l.quantity]));
  const back = new Map<string, StockLine>();
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) return 'Each quantity received back is a whole number, 0 or more.';
    const k = key(line);
    const was = back.get(k)?.quantity ?? 0;
    const max = left.get(k);
    if (max === undefined) return 'Only items of this order can be received back.';
    if (was + line.quantity > max) return 'More came back than the order took of an item.';
    if (line.quantity > 0) back.set(k, { productId: line.productId, size: line.size, color: line.color, quantity: was + line.quantity });
  }
  return [...back.values()];
}

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

/** The stock an event gave back: a cancel's or delete's of a Pending order, a received parcel's (issue 34). */
export function stockReturnedBy(event: OrderEvent): readonly StockLine[] {
  if (event.type === 'Placed' || event.type === 'Imported') return [];
  if (event.type === 'ReturnReceived' || event.type === 'PaymentExpired' || event.type === 'Edited') return event.payload.stockReturned;
  if (isPaymentEvent(event)) return [];
  if (isParcelEvent(event)) return [];
  return event.payload.stockReturned ?? [];
}

/**
 * What a Placed event must be: the actor's own order of at least one line, priced consistently
 * (line price = unit price x quantity; subtotal, discount, fee and total as the money rules say).
 */
function snapshotProblem(placed: PlacedSnapshot, actor: Actor): string | null {
  if (placed.taken) {
    // Taken by the shop (issue 36): for a customer record, by the staff member it names.
    if (!actorCan(actor, 'orders.take')) return 'only the shop takes an order for a customer';
    if (placed.taken.by.userId !== actor.userId || placed.taken.by.email !== actor.email) return 'an order taken names who took it';
    if (!isCustomerOwner(placed.owner.userId)) return "an order taken is owned by the customer's record";
    if (placed.advance) return 'an order taken is cash on delivery';
    const given = placed.taken.discount?.amount ?? 0;
    if (!Number.isSafeInteger(given) || given < 0) return "the staff's discount is whole taka";
  } else {
    // A guest's order (issue 36, decision 066): owned and placed by the phone's customer record, cash on delivery.
    if (isCustomerOwner(placed.owner.userId) && placed.advance) return "a guest's order is cash on delivery";
    if (placed.owner.userId !== actor.userId || placed.owner.email !== actor.email) return 'an order is placed by its owner';
  }
  if (placed.lines.length === 0) return 'an order has at least one line';
  if (placed.lines.some((line) => line.price !== line.unitPrice * line.quantity)) return "a line's price is its unit price times its quantity";
  if (placed.deliveryLocation === '') return 'an order names its delivery zone';
  const totals = orderTotals(placed.lines, placed.discountBasisPoints, placed.deliveryLocation, allowanceOf(placed));
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
    const placed = { id: event.orderId, placed: event.payload, status: 'Pending' as const, removed: false, canceledBy: null, canceledAt: null, placedAt: event.at, updatedAt: event.at, version: event.seq };
    // An order that waits for its advance is off every list until it is paid (issue 35).
    return event.payload.advance ? { ...placed, removed: true, advance: advanceAwaiting(event.payload.advance) } : placed;
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
    case 'Booked':
      return {
        ...next,
        delivery: { ...event.payload, status: 'booked', collectedAmount: null, message: null, messageBn: null, bookedAt: event.at, updatedAt: event.at, returnReceivedAt: null, settled: null },
      };
    case 'BookingCanceled': {
      const { delivery: _canceled, ...rest } = next;
      return rest;
    }
    case 'AdvancePaid':
    case 'PaymentExpired':
    case 'AdvanceRefunded':
      return evolvePayment(next, event);
    case 'Edited':
      return { ...next, placed: { ...next.placed, ...event.payload.after } };
    default:
      return next.delivery ? { ...next, delivery: evolveParcel(next.delivery, event) } : next;
  }
}

/**
 * A payment event applied to the order (issue 35): paid, an order that waited is Pending and
 * listed; paid after its hold lapsed, it stays canceled but is listed (its advance is to be
 * refunded); expired, it is canceled (by nobody: COD_BLOCK_AFTER_CANCELS does not count it) and
 * stays off the lists.
 */
function evolvePayment(next: OrderState, event: RecordedEvent & PaymentEvent): OrderState {
  if (!next.advance) return next;
  const lapsed = next.advance.status === 'expired';
  const advance = evolveAdvance(next.advance, event, event.at, lapsed);
  switch (event.type) {
    case 'AdvancePaid':
      return { ...next, advance, removed: false };
    case 'PaymentExpired':
      return { ...next, advance, status: 'Canceled', canceledBy: null, canceledAt: event.at, removed: true };
    case 'AdvanceRefunded':
      return { ...next, advance };
  }
}

const isPaymentEvent = (event: OrderEvent): event is PaymentEvent => isPaymentEventType(event.type);

const parcelStatusOf = { PickedUp: 'picked_up', InTransit: 'in_transit', Delivered: 'delivered', PartlyDelivered: 'partly_delivered', Returned: 'returned' } as const;

/** A parcel's event applied to the parcel (a fold checks nothing: see evolve). */
function evolveParcel(delivery: DeliveryState, event: RecordedEvent & DeliveryEvent): DeliveryState {
  const at = { updatedAt: event.at };
  switch (event.type) {
    case 'PickedUp':
    case 'InTransit':
    case 'Delivered':
    case 'PartlyDelivered':
    case 'Returned': {
      const p = event.payload;
      const collected = 'collectedAmount' in p ? { collectedAmount: p.collectedAmount } : {};
      const charge = 'deliveryCharge' in p && p.deliveryCharge !== undefined ? { deliveryCharge: p.deliveryCharge } : {};
      return { ...delivery, ...at, ...collected, ...charge, status: parcelStatusOf[event.type], message: p.message ?? null, messageBn: p.messageBn ?? null };
    }
    case 'ReturnReceived':
      return { ...delivery, ...at, returnReceivedAt: event.at };
    case 'Settled':
      return { ...delivery, ...at, settled: { ...event.payload, at: event.at } };
    default:
      return delivery;
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

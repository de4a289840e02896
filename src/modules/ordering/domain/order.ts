import type { BasisPoints, DeliveryZone } from './totals.js';

/**
 * An order's life as events. The state is a pure fold of its events; no command moves an order
 * back to Pending, and every illegal transition is refused in every state.
 */
export type OrderStatus = 'Pending' | 'Confirmed' | 'Canceled';

export type OrderLine = {
  productId: string;
  title: string;
  category: string;
  image: string;
  size: string;
  color: string;
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
  deliveryLocation: DeliveryZone;
  paymentMethod: 'Cash On Delivery';
  appliedCoupon: string | null;
  discountBasisPoints: BasisPoints;
  lines: OrderLine[];
  subtotal: number;
  discount: number;
  fee: number;
  total: number;
};

export type Actor = { userId: string; email: string; role: 'admin' | 'customer' };

export type OrderEvent =
  | { type: 'Placed'; payload: PlacedSnapshot }
  | { type: 'Confirmed'; payload: Record<string, never> }
  | { type: 'Canceled'; payload: Record<string, never> }
  | { type: 'CanceledByCustomer'; payload: Record<string, never> }
  | { type: 'Deleted'; payload: Record<string, never> };

export type OrderEventType = OrderEvent['type'];

export type RecordedEvent = OrderEvent & { orderId: string; seq: number; actor: Actor; at: Date };

export type OrderState = {
  id: string;
  placed: PlacedSnapshot;
  status: OrderStatus;
  /** Removed from every list (canceled by the customer, or deleted by an admin); the log keeps it. */
  removed: boolean;
  placedAt: Date;
  updatedAt: Date;
  version: number;
};

export type FoldError = { problem: string; seq: number };

/** Applies one event. Returns a problem for an event that cannot follow the state (a corrupt log). */
export function apply(state: OrderState | null, event: RecordedEvent): OrderState | FoldError {
  const expectedSeq = (state?.version ?? 0) + 1;
  if (event.seq !== expectedSeq) return { problem: `sequence ${event.seq} where ${expectedSeq} was expected`, seq: event.seq };
  if (event.type === 'Placed') {
    if (state) return { problem: 'a second Placed event', seq: event.seq };
    return { id: event.orderId, placed: event.payload, status: 'Pending', removed: false, placedAt: event.at, updatedAt: event.at, version: 1 };
  }
  if (!state) return { problem: `${event.type} before Placed`, seq: event.seq };
  const next = decide(state, event.type, event.actor.role);
  if (!next.ok) return { problem: next.reason, seq: event.seq };
  return { ...state, ...next.change, updatedAt: event.at, version: event.seq };
}

/** The pure fold: the same events give the same state, every time. */
export function fold(events: readonly RecordedEvent[]): OrderState | FoldError | null {
  let state: OrderState | null = null;
  for (const event of events) {
    const next = apply(state, event);
    if ('problem' in next) return next;
    state = next;
  }
  return state;
}

export type Decision =
  | { ok: true; change: Partial<Pick<OrderState, 'status' | 'removed'>> }
  | { ok: false; reason: string; code: 'ordering/illegal-transition' | 'ordering/order-not-found' | 'auth/forbidden' };

/**
 * Which transitions are legal (the spec's state machine):
 * - an admin moves a Pending order to Confirmed or Canceled;
 * - the customer cancels (removes) their order only while it is Pending;
 * - an admin deletes (removes) an order at any status.
 * A removed order takes no further command. Nothing ever returns an order to Pending.
 */
export function decide(state: OrderState, command: Exclude<OrderEventType, 'Placed'>, role: Actor['role']): Decision {
  if (state.removed) return { ok: false, reason: 'this order was removed', code: 'ordering/order-not-found' };
  switch (command) {
    case 'Confirmed':
    case 'Canceled':
      if (role !== 'admin') return { ok: false, reason: 'only an admin can change the status', code: 'auth/forbidden' };
      if (state.status !== 'Pending') {
        return { ok: false, reason: `a ${state.status} order cannot be marked ${command}`, code: 'ordering/illegal-transition' };
      }
      return { ok: true, change: { status: command } };
    case 'CanceledByCustomer':
      if (state.status !== 'Pending') {
        return { ok: false, reason: `a ${state.status} order can no longer be canceled`, code: 'ordering/illegal-transition' };
      }
      return { ok: true, change: { status: 'Canceled', removed: true } };
    case 'Deleted':
      if (role !== 'admin') return { ok: false, reason: 'only an admin can delete an order', code: 'auth/forbidden' };
      return { ok: true, change: { removed: true } };
  }
}

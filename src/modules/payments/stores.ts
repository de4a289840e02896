import type { OrderState } from '../ordering/index.js';
import type { PaymentProviderName } from './ports.js';

/** Where an order's advance stands (its AdvanceState's status). */
export const holdStates = ['awaiting', 'paid', 'expired', 'refunded'] as const;
export type HoldState = (typeof holdStates)[number];

/** One payment created at the provider: created (the shopper was sent to pay), then completed, failed or canceled. */
export const attemptStates = ['created', 'completed', 'failed', 'canceled'] as const;
export type AttemptState = (typeof attemptStates)[number];

/** An order that asked an advance, as payment_holds keeps it. */
export type HoldRow = {
  orderId: string;
  orderNumber: number;
  ownerUserId: string;
  provider: string;
  amount: number;
  state: HoldState;
  holdUntil: Date;
  placedAt: Date;
  trxId: string | null;
  paidAt: Date | null;
  refundedAmount: number | null;
  refundedAt: Date | null;
};

/** The row of an order that asked an advance, or null for one that asked none. */
export function holdRowOf(order: OrderState): HoldRow | null {
  const a = order.advance;
  if (!a) return null;
  return {
    orderId: order.id,
    orderNumber: order.placed.orderNumber ?? 0,
    ownerUserId: order.placed.owner.userId,
    provider: a.provider,
    amount: a.amount,
    state: a.status,
    holdUntil: new Date(a.holdUntil),
    placedAt: order.placedAt,
    trxId: a.trxId,
    paidAt: a.paidAt,
    refundedAmount: a.refund?.amount ?? null,
    refundedAt: a.refund?.at ?? null,
  };
}

export type AttemptRow = {
  id: string;
  orderId: string;
  provider: PaymentProviderName;
  /** The provider's id (bKash's paymentID). */
  paymentId: string;
  /** The invoice the provider was given: the order number, and "-2", "-3"... for a later attempt. */
  invoice: string;
  amount: number;
  redirectUrl: string;
  state: AttemptState;
  /** The provider's words when it failed (code and message), shown to the shopper and the admins. */
  message: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What came in and went back through the provider over a period. */
export type AdvanceMoney = { paidOrders: number; paidAmount: number; refundedOrders: number; refundedAmount: number };

export type HoldStore = {
  /** Writes the order's row (inside the transaction of its event); an order without an advance is left alone. */
  save(order: OrderState): Promise<void>;
  byOrder(orderId: string): Promise<HoldRow | null>;
  /** Up to `limit` holds still awaiting whose time ran out by `now`, oldest first. */
  due(now: Date, limit: number): Promise<HoldRow[]>;
  /** Advances paid, and refunds made, in [from, to). */
  money(from: Date, to: Date): Promise<AdvanceMoney>;
};

export type AttemptStore = {
  add(row: AttemptRow): Promise<void>;
  byPaymentId(provider: PaymentProviderName, paymentId: string): Promise<AttemptRow | null>;
  /** An order's latest attempts, newest first. */
  ofOrder(orderId: string, limit: number): Promise<AttemptRow[]>;
  countOf(orderId: string): Promise<number>;
  /** Moves an attempt to `state` unless it is completed already (a completed payment stays completed). */
  mark(id: string, state: AttemptState, message: string | null, at: Date): Promise<void>;
};

import type { Page, Paged } from '../../shared/page.js';
import type { AppError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import type { Actor, OrderEvent, OrderLine, OrderState, RecordedEvent } from './domain/order.js';

/** A stored event, with its place in the shop-wide chain. */
export type StoredEvent = RecordedEvent & { id: number; prevHash: string; hash: string };

/** The append-only order log. Synchronous: it is written inside the order's transaction. */
export type OrderLog = {
  append(event: OrderEvent & { orderId: string; seq: number; actor: Actor; at: Date }): StoredEvent;
  eventsOf(orderId: string): StoredEvent[];
  /** One page of an order's events in seq order, and how many it has. */
  pageOf(orderId: string, page: Page): Paged<StoredEvent>;
  /** One page of the shop's events, newest first, for the audit page; total is count(). */
  latest(page: Page): Paged<StoredEvent>;
  count(): number;
};

/** The listing table, written in the same transaction as the event. */
export type OrderProjection = {
  save(state: OrderState): void;
  byId(id: string): OrderState | null;
  /** One page of a customer's orders, not removed, newest first. */
  pageFor(userId: string, page: Page): Paged<OrderState>;
  /** One page of every order not removed, newest first. */
  pageAll(page: Page): Paged<OrderState>;
  /** Pending orders not removed, of a customer or carrying a (normalised) phone number. */
  pendingCount(by: OrdersBy): number;
  /** Orders placed after `since`, removed ones included (removing one does not undo placing it). */
  placedSinceCount(by: OrdersBy, since: Date): number;
  /** The time of the (skip+1)-th oldest order placed after `since`, or null. */
  placedSinceAt(by: OrdersBy, since: Date, skip: number): Date | null;
};

/** Whose orders a placement limit counts (decision 015). */
export type OrdersBy = { ownerUserId: string } | { phone: string };

/**
 * Group commit (decision 009): runs a synchronous unit of work (no awaits) atomically inside a
 * storage transaction it may share with other units queued at the same time, and settles only
 * after that transaction committed. An Err result or a throw undoes this unit's writes alone.
 * When the shared transaction cannot start or commit, every unit of it fails: with
 * `http/unavailable` when the store is busy, by rejecting on any other storage fault.
 */
export type OrderCommits = {
  run<T, E>(work: () => Result<T, E>): Promise<Result<T, E | AppError>>;
};

export type IdempotencyStore = {
  find(userId: string, key: string): { requestHash: string; orderId: string } | null;
  remember(row: { userId: string; key: string; requestHash: string; orderId: string; createdAt: Date }): void;
};

/** What ordering needs from the other modules, wired in main.ts. */
export type OrderableProduct = { id: string; title: string; category: string; price: number; sizes: string[]; colors: string[]; images: string[] };
/** A cart line as the cart prices it now: an order line to be, plus its cart id. */
export type CartLineForOrder = Omit<OrderLine, 'price'> & { id: string; available: boolean };
export type OrderingPorts = {
  productById(id: string): OrderableProduct | null;
  cartLines(userId: string): CartLineForOrder[];
  removeCartLines(ids: readonly string[]): number;
  couponPercentBasisPoints(code: string): number | null;
  /**
   * The coupon-guessing limit shared with GET /api/coupon/:code (promotions' couponChecks, per
   * user). Each answers null while the user is within it, else the coupon route's own refusal:
   * `blocked` without counting, `wrongCode` after counting a code that does not exist.
   */
  couponGuesses: {
    blocked(userId: string): CouponRefusal | null;
    wrongCode(userId: string): CouponRefusal | null;
  };
};

export type CouponRefusal = { error: AppError; retryAfterSeconds: number };

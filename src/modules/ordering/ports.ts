import type { Page, Paged } from '../../shared/page.js';
import type { AppError } from '../../shared/errors.js';
import type { Result } from '../../shared/result.js';
import type { Tx } from '../../platform/database.js';
import type { StockLine } from '../../shared/stock.js';
import type { DeliveryZone } from '../../shared/money.js';
import { parcelStatuses, type Actor, type OrderEvent, type OrderLine, type OrderState, type OrderStatus, type RecordedEvent } from './domain/order.js';

/** A stored event, with its place in the shop-wide chain. */
export type StoredEvent = RecordedEvent & { id: number; prevHash: string; hash: string };

/**
 * The append-only order log. Asynchronous (decision 024); appends happen only inside an ordering
 * transaction, after lockHead().
 */
export type OrderLog = {
  /**
   * Takes the log's head for this transaction, first thing in every transaction that appends:
   * on PostgreSQL a row lock (`SELECT ... FOR UPDATE`), so transactions of several processes
   * append one after another and each reads what the previous one committed; on SQLite the
   * writer lock already does this.
   */
  lockHead(): Promise<void>;
  append(event: OrderEvent & { orderId: string; seq: number; actor: Actor; at: Date }): Promise<StoredEvent>;
  eventsOf(orderId: string): Promise<StoredEvent[]>;
  /** One page of an order's events in seq order, and how many it has. */
  pageOf(orderId: string, page: Page): Promise<Paged<StoredEvent>>;
  /** One page of the shop's events, newest first, for the audit page; total is count(). */
  latest(page: Page): Promise<Paged<StoredEvent>>;
  count(): Promise<number>;
};

/** The listing table, written in the same transaction as the event. */
export type OrderProjection = {
  /** Inserts or updates the order's row; its number is written on insert only. */
  save(state: OrderState): Promise<void>;
  /** The highest order number given so far, or null (inside an ordering transaction: under the log's head lock). */
  lastNumber(): Promise<number | null>;
  byId(id: string): Promise<OrderState | null>;
  /** The order with this number (removed ones too), or null: the public tracking page's look-up (issue 34). */
  byNumber(orderNumber: number): Promise<OrderState | null>;
  /** The numbers of these orders (removed ones too), by id; an order without one (none yet) is left out. For the audit page (issue 33). */
  numbersOf(ids: readonly string[]): Promise<Map<string, number>>;
  /** The order with at most `linesPerOrder` of its lines, as pageFor cuts them (one order's page; issue 40). */
  listedById(id: string, linesPerOrder: number): Promise<ListedOrder | null>;
  /**
   * One page of a customer's orders, not removed, newest first, each with at most `linesPerOrder`
   * of its lines (cut by the database: an order stored before MAX_ORDER_LINES may hold thousands;
   * issue 40) and how many it holds. `owners`: the customer's user id, then the customer records
   * they claimed (`customer:<id>`, issue 36; at most 20): the orders the staff took for them are theirs too.
   */
  pageFor(owners: readonly [string, ...string[]], page: Page, linesPerOrder: number): Promise<Paged<ListedOrder>>;
  /** One page of the orders not removed that the filter lets through, newest first (the admins' desk), their lines cut as pageFor's. */
  pageAll(page: Page, filter: OrderFilter, linesPerOrder: number): Promise<Paged<ListedOrder>>;
  /**
   * Up to `limit` of the orders pageAll lists, newest first, after `after` (the last one read; null:
   * from the newest): keyset pages for the CSV export, each its own query, none counted.
   */
  pageAfter(filter: OrderFilter, after: OrderCursor | null, limit: number): Promise<OrderState[]>;
  /** Every order placed with a phone number, removed ones too, by outcome (the admins' order page). */
  historyOf(phone: string): Promise<PhoneHistory>;
  /**
   * The placement limits' six counts at once (one statement on PostgreSQL, where each statement is
   * a round trip under the log head's lock): Pending orders not removed (nor imported) of the
   * customer and of the (normalised) phone number, and orders each placed after `since` (the
   * hour) and after `daySince` (the day, issue 40), removed ones included (removing one does not
   * undo placing it).
   */
  limitCounts(ownerUserId: string, phone: string, since: Date, daySince: Date): Promise<LimitCounts>;
  /** The time of the (skip+1)-th oldest order placed after `since`, or null. */
  placedSinceAt(by: OrdersBy, since: Date, skip: number): Promise<Date | null>;
  /** A phone number's orders canceled by the shop after `since`, removed ones too (COD_BLOCK_AFTER_CANCELS; index orders_phone_canceled). */
  shopCancelsSince(phone: string, since: Date): Promise<number>;
};

/** An order as a list answers it: `placed.lines` holds its first `linesPerOrder` lines of `lineCount`. */
export type ListedOrder = OrderState & { lineCount: number };

export type LimitCounts = {
  pendingByCustomer: number;
  pendingByPhone: number;
  placedByCustomer: number;
  placedByPhone: number;
  placedByCustomerToday: number;
  placedByPhoneToday: number;
};

/** The admins' order desk: `q` an order number, a phone number or part of a name or email; `to` exclusive. */
export type OrderFilter = {
  q?: string | undefined;
  status?: OrderStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Where its parcel is (issue 34); 'unbooked': a Confirmed order without one. */
  delivery?: DeliveryFilter | undefined;
};
export const deliveryFilters = [...parcelStatuses, 'unbooked'] as const;
export type DeliveryFilter = (typeof deliveryFilters)[number];

/** Where a keyset page of the desk's order (placed_at, id, both descending) ends. */
export type OrderCursor = { placedAt: Date; id: string };

/**
 * A phone number's orders: how many were placed, are Pending or Confirmed, were canceled by the
 * shop or by the customer, and of the parcels sent, how many were delivered (whole or in part) and
 * returned (issue 35: the shop's own delivery record).
 */
export type PhoneHistory = { placed: number; pending: number; confirmed: number; canceledByShop: number; canceledByCustomer: number; delivered: number; returned: number };

/** Whose orders a placement limit counts (decision 015). */
export type OrdersBy = { ownerUserId: string } | { phone: string };

export type IdempotencyStore = {
  find(userId: string, key: string): Promise<{ requestHash: string; orderId: string } | null>;
  remember(row: { userId: string; key: string; requestHash: string; orderId: string; createdAt: Date }): Promise<void>;
};

/** What ordering needs from the other modules, wired in shop.ts. */
export type OrderableProduct = { id: string; title: string; titleBn?: string | null; category: string; price: number; sizes: string[]; colors: string[]; sizesBn?: string[] | null; colorsBn?: string[] | null; images: string[] };
/** A cart line as the cart prices it now: an order line to be, plus its cart id. */
export type CartLineForOrder = Omit<OrderLine, 'price'> & { id: string; available: boolean };
/** The other modules' facts as one transaction sees them. */
export type OrderingTxPorts = {
  productById(id: string): Promise<OrderableProduct | null>;
  /** The caller's newest `atMost` cart lines, priced now, and how many the cart holds (issue 40). */
  cartLines(userId: string, atMost: number): Promise<{ lines: CartLineForOrder[]; total: number }>;
  removeCartLines(ids: readonly string[]): Promise<number>;
  /**
   * The coupon behind a code for an order of `subtotal` taka (goods before the discount): its
   * percentage in basis points with its use counted in this transaction, or its refusal (expired,
   * below its minimum, used up; issue 33), or null when no coupon has this code.
   */
  redeemCoupon(code: string, subtotal: number): Promise<{ basisPoints: number } | { refusal: AppError } | null>;
  /**
   * Takes one line's stock (decision 028): from the first variant of the choice ("" leaves a
   * dimension open) that holds the whole quantity; or how many one line of it could have now.
   */
  takeStock(choice: StockLine): Promise<{ taken: StockLine } | { available: number }>;
  /** Gives stock back; answers the lines whose variant still exists (the others are gone). */
  giveBackStock(lines: readonly StockLine[]): Promise<StockLine[]>;
  /** Whether the number is on the admins' blocklist (the order defences). */
  isPhoneBlocked(phone: string): Promise<boolean>;
  /** Whether the customer proved the number with a checkout code still valid at `now` (CHECKOUT_OTP, decision 032; the order defences). */
  isPhoneProven(userId: string, phone: string, now: Date): Promise<boolean>;
  /**
   * Whether a visitor proved the number (guest checkout, issue 36, decision 066): `proof` is what
   * the guest phone code's right answer gave them, and the proof still counts at `now`.
   */
  isGuestProven(phone: string, proof: string, now: Date): Promise<boolean>;
  /**
   * The customer record of a phone for an order the staff take (issue 36; the customers module):
   * found and given the staff's latest name, address and area, or made; undone with the unit. A
   * guest's order (`keep`) only finds or makes it: a visitor never rewrites what the desk keeps.
   */
  customerFor(fields: { phone: string; name: string; address: string; district?: string | undefined; thana?: string | undefined; deliveryLocation: DeliveryZone }, keep?: boolean): Promise<{ id: string }>;
};

export type OrderingPorts = {
  /** The ports bound to an ordering transaction: a unit of work reads and writes through these only. */
  in(tx: Tx): OrderingTxPorts;
  /**
   * The coupon-guessing limit shared with GET /api/coupon/:code (promotions' couponChecks, per
   * user), asked outside the order's transaction. Each answers null while the user is within it,
   * else the coupon route's own refusal: `blocked` without counting, `wrongCode` after counting a
   * code that does not exist.
   */
  couponGuesses: {
    blocked(userId: string): Promise<CouponRefusal | null>;
    wrongCode(userId: string): Promise<CouponRefusal | null>;
  };
  /** After a transaction that took or gave back stock committed: the catalogue's answers changed. */
  stockChanged(): void;
  /**
   * The customer records an account claimed by proving their phones (issue 36; the customers
   * module, at most 20), outside transactions: the orders the staff took for them are the account's too.
   */
  claimsOf(userId: string): Promise<string[]>;
};

export type CouponRefusal = { error: AppError; retryAfterSeconds: number };

/** What one command (or one imported order) did to an order, as the in-transaction handlers see it. */
export type OrderChange = {
  /** The order before the command; null for a new one. */
  before: OrderState | null;
  /** The order after it. */
  after: OrderState;
  /** The events appended, in order, each with the order as that event left it. */
  events: ReadonlyArray<{ event: StoredEvent; order: OrderState }>;
};

/**
 * Work that commits with an order's events or not at all (decision 050): the listing row, the sales
 * cells, the outbox's messages. The composition root (src/shop.ts) gives ordering the list, in the
 * order they run; `in(tx)` binds one to a transaction, and the bound function runs once per command,
 * after its events were appended. A handler awaits nothing but its own database calls.
 */
export type OrderChangeHandler = { name: string; in(tx: Tx): (change: OrderChange) => Promise<void> };

/** The handlers bound to one transaction, run one after another in the list's order. */
export type OrderChanged = (change: OrderChange) => Promise<void>;

/** Everything a unit of work touches, bound to its transaction. */
export type OrderingStores = {
  log: OrderLog;
  projection: OrderProjection;
  requests: IdempotencyStore;
  /** The in-transaction handlers (the listing, the sales, the outbox's rows...), bound to this transaction. */
  changed: OrderChanged;
  ports: OrderingTxPorts;
};

/**
 * Group commit (decision 009): runs a unit of work atomically inside a storage transaction it may
 * share with other units queued at the same time, and settles only after that transaction
 * committed. The unit awaits nothing but the stores it is given. An Err result or a throw undoes
 * this unit's writes alone. When the shared transaction cannot start or commit, every unit of it
 * fails: with `http/unavailable` when the store is busy, by rejecting on any other storage fault.
 */
export type OrderCommits = {
  run<T, E>(work: (stores: OrderingStores) => Promise<Result<T, E>>): Promise<Result<T, E | AppError>>;
};

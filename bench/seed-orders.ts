/**
 * Fills a SQLite shop file with many orders quickly (bench/stats.ts; reusable by other benches):
 * listing rows straight into `orders`, and the sales projection they make into `sales_days` and
 * `product_sales_days`, computed with the same pure functions the shop uses (evolve, salesEntry),
 * in big transactions. Not through HTTP. By default without order_events (the audit does not cover
 * those orders); with `events: true` (bench/large.ts) every event also goes into the order log with
 * its hash chain (plain SHA-256, as a shop without AUDIT_KEY) and the log's head follows, so
 * `npm run audit:verify` passes over them. Nothing here may be run against a real shop's file.
 */
import type Database from 'better-sqlite3';
import { evolve, type Actor, type OrderLine, type OrderState, type RecordedEvent } from '../src/modules/ordering/domain/order.js';
import { addDays } from '../src/shared/shop-time.js';
import { salesEntry } from '../src/modules/sales/domain/sales.js';
import { toRow } from '../src/modules/ordering/adapters/order-rows.js';
import { orderTotals, type DeliveryZone } from '../src/shared/money.js';
import { createHash } from 'node:crypto';
import { hashedContent, storedJson } from '../src/modules/ordering/adapters/hash-chain.js';

export type SeedOrdersOptions = {
  /** How many orders (default a million). */
  orders?: number;
  /** Over how many Dhaka days, ending with `lastDay` (default 3 years: 1096 days). */
  days?: number;
  /** The last Dhaka day (YYYY-MM-DD) with orders, included. */
  lastDay: string;
  /** Distinct products (default 300) and customers (default 20,000). */
  products?: number;
  customers?: number;
  /** Products to order from instead of made-up ones (ids of rows in `products`). */
  catalogue?: Array<{ id: string; title: string; price: number }>;
  /** Also append every event to order_events (hash chain) and move order_log_head (default false). */
  events?: boolean;
  /** The PRNG's seed: the same seed gives the same shop. */
  seed?: number;
  rowsPerTransaction?: number;
  progress?: (inserted: number) => void;
};

export type SeededOrders = { orders: number; events: number; hashedBytes: number; firstDay: string; lastDay: string; products: Array<{ id: string; title: string; price: number }>; ms: number };

/** A small fast PRNG (mulberry32), so that a seed gives the same orders every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Customer n's mobile number, as Bangladeshi numbers look: an operator (013-019) and eight digits
 * spread over all of 0-9 (n times an odd multiplier not divisible by 5 is one-to-one modulo 10^8),
 * not n zero-padded: padded numbers all held "000", which every phone search's trigrams then met.
 */
export const customerPhone = (n: number) => `+8801${3 + (n % 7)}${String((n * 48_271 + 12_345_678) % 100_000_000).padStart(8, '0')}`;

export const hex24 = (n: number, prefix: string) => `${prefix}${n.toString(16).padStart(24 - prefix.length, '0')}`;
const zones: DeliveryZone[] = ['Inside Dhaka', 'Suburbs Dhaka', 'Outside Dhaka'];
const admin: Actor = { userId: hex24(1, 'ad'), email: 'boss@bench.test', role: 'admin' };

/** Inserts the orders and their sales cells; the file's existing orders are left alone (numbers go on from theirs). */
export function seedOrders(sqlite: Database.Database, options: SeedOrdersOptions): SeededOrders {
  const started = performance.now();
  const total = options.orders ?? 1_000_000;
  const days = options.days ?? 1096;
  const firstDay = addDays(options.lastDay, -(days - 1));
  const random = prng(options.seed ?? 17);
  const pick = (n: number) => Math.floor(random() * n);
  const products = options.catalogue ?? Array.from({ length: options.products ?? 300 }, (_, i) => ({ id: hex24(i + 1, 'b0'), title: `Bench Product ${i + 1}`, price: 200 + 50 * pick(100) }));
  const customers = options.customers ?? 20_000;
  const firstNumber = ((sqlite.prepare('select max(order_number) as n from orders').get() as { n: number | null }).n ?? 10_000) + 1;

  const columns = ['id', 'owner_user_id', 'email', 'name', 'phone', 'address', 'delivery_location', 'payment_method', 'applied_coupon', 'discount_bp', 'subtotal', 'discount', 'fee', 'amount', 'items', 'status', 'removed', 'placed_at', 'updated_at', 'version', 'order_number', 'canceled_by', 'canceled_at'];
  const insertOrder = sqlite.prepare(`insert into orders (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`);
  const days_ = new Map<string, { day: string; kind: string; orders: number; amount: number }>();
  const productDays = new Map<string, { day: string; productId: string; title: string; orders: number; quantity: number; revenue: number }>();

  // The order log: events appended after the file's own, chained to its head.
  // hash-chain.ts's createEventHasher(null), with the content kept to count its bytes.
  const head = sqlite.prepare('select event_count as eventCount, last_id as lastId, last_hash as lastHash, keyed_from as keyedFrom from order_log_head where id = 1').get() as
    | { eventCount: number; lastId: number; lastHash: string; keyedFrom: number | null }
    | undefined;
  if (options.events && (!head || head.keyedFrom !== null)) throw new Error('seedOrders: events need a migrated file whose log is not keyed (no AUDIT_KEY)');
  const insertEvent = sqlite.prepare('insert into order_events (id, order_id, seq, type, payload, actor, at, prev_hash, hash) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  let lastId = head?.lastId ?? 0;
  let lastHash = head?.lastHash ?? '';
  let events = 0;
  let hashedBytes = 0;
  const append = (event: RecordedEvent) => {
    if (!options.events) return;
    const stored = { ...event, id: lastId + 1, prevHash: lastHash };
    const content = hashedContent(stored);
    const hash = createHash('sha256').update(content).digest('hex');
    hashedBytes += Buffer.byteLength(content);
    insertEvent.run(stored.id, stored.orderId, stored.seq, stored.type, storedJson(stored.payload), storedJson(stored.actor), stored.at.getTime(), stored.prevHash, hash);
    lastId = stored.id;
    lastHash = hash;
    events += 1;
  };

  const batch = options.rowsPerTransaction ?? 50_000;
  const dayMs = 86_400_000;
  const firstDayStartUtc = Date.parse(`${firstDay}T00:00:00Z`) - 6 * 3_600_000;
  const insertBatch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      // Spread evenly over the days (in order), at a random time of the Dhaka day.
      const day = Math.floor((i * days) / total);
      const at = new Date(firstDayStartUtc + day * dayMs + pick(dayMs));
      const customer = pick(customers);
      const owner: Actor = { userId: hex24(customer + 1, 'c0'), email: `customer${customer}@bench.test`, role: 'customer' };
      const lines: OrderLine[] = [];
      const count = 1 + (random() < 0.3 ? 1 + pick(2) : 0);
      for (let l = 0; l < count; l++) {
        // Popular products first: a skewed pick.
        const p = products[Math.floor(products.length * random() * random())]!;
        const quantity = 1 + (random() < 0.2 ? pick(3) : 0);
        lines.push({ productId: p.id, title: p.title, category: 'Bench', image: '', size: '', color: '', quantity, unitPrice: p.price, price: p.price * quantity });
      }
      const zone = zones[pick(3)]!;
      const id = hex24(i + 1, 'e0');
      const placed: RecordedEvent = {
        type: 'Placed',
        orderId: id,
        seq: 1,
        actor: owner,
        at,
        payload: { owner: { userId: owner.userId, email: owner.email }, name: `Customer ${customer}`, phone: customerPhone(customer), address: 'House 1, Road 1, Dhanmondi', deliveryLocation: zone, paymentMethod: 'Cash On Delivery', appliedCoupon: null, lines, ...orderTotals(lines, 0, zone), orderNumber: firstNumber + i },
      };
      let state: OrderState = evolve(null, placed);
      append(placed);
      const r = random();
      const later = new Date(at.getTime() + 3_600_000);
      const change = (type: 'Confirmed' | 'Canceled' | 'CanceledByCustomer' | 'Deleted', actor: Actor) => {
        const event: RecordedEvent = { type, payload: {}, orderId: id, seq: state.version + 1, actor, at: later };
        state = evolve(state, event);
        append(event);
      };
      // Older orders are settled; the last two weeks' still include Pending ones.
      const recent = day > days - 14;
      const confirmed = recent ? 0.5 : 0.72;
      if (r < confirmed) change('Confirmed', admin);
      else if (r < confirmed + 0.08) change('Canceled', admin);
      else if (r < confirmed + 0.13) change('CanceledByCustomer', owner);
      else if (r < confirmed + 0.16) {
        if (random() < 0.5) change('Confirmed', admin);
        change('Deleted', admin);
      } else if (!recent) change('Confirmed', admin);

      const row = toRow(state);
      insertOrder.run(
        row.id, row.ownerUserId, row.email, row.name, row.phone, row.address, row.deliveryLocation, row.paymentMethod, row.appliedCoupon, row.discountBasisPoints,
        row.subtotal, row.discount, row.fee, row.amount, row.items, row.status, row.removed ? 1 : 0, row.placedAt.getTime(), row.updatedAt.getTime(), row.version,
        row.orderNumber, row.canceledBy, row.canceledAt?.getTime() ?? null,
      );
      const entry = salesEntry(state);
      for (const d of entry.days) {
        const key = `${d.day}|${d.kind}`;
        const cell = days_.get(key);
        if (cell) {
          cell.orders += d.orders;
          cell.amount += d.amount;
        } else days_.set(key, { ...d });
      }
      for (const p of entry.products) {
        const key = `${p.day}|${p.productId}`;
        const cell = productDays.get(key);
        if (cell) {
          cell.orders += p.orders;
          cell.quantity += p.quantity;
          cell.revenue += p.revenue;
        } else productDays.set(key, { ...p });
      }
    }
  });
  for (let from = 0; from < total; from += batch) {
    insertBatch(from, Math.min(total, from + batch));
    options.progress?.(Math.min(total, from + batch));
  }
  // The cells, added to what the file holds already (as the shop's upserts do).
  const addDay = sqlite.prepare('insert into sales_days (day, kind, orders, amount) values (@day, @kind, @orders, @amount) on conflict (day, kind) do update set orders = sales_days.orders + excluded.orders, amount = sales_days.amount + excluded.amount');
  const addProduct = sqlite.prepare(
    'insert into product_sales_days (day, product_id, title, orders, quantity, revenue) values (@day, @productId, @title, @orders, @quantity, @revenue) on conflict (day, product_id) do update set title = excluded.title, orders = product_sales_days.orders + excluded.orders, quantity = product_sales_days.quantity + excluded.quantity, revenue = product_sales_days.revenue + excluded.revenue',
  );
  sqlite.transaction(() => {
    if (options.events && events > 0) {
      sqlite.prepare('update order_log_head set event_count = event_count + ?, last_id = ?, last_hash = ? where id = 1').run(events, lastId, lastHash);
    }
    for (const cell of days_.values()) addDay.run(cell);
    for (const cell of productDays.values()) addProduct.run(cell);
  })();
  sqlite.exec('analyze');
  return { orders: total, events, hashedBytes, firstDay, lastDay: options.lastDay, products, ms: performance.now() - started };
}

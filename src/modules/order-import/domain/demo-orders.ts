import type { DeliveryZone } from '../../../shared/money.js';
import { dayMs, dhakaOffsetMs } from '../../../shared/shop-time.js';

/**
 * The demo orders of a demo shop's first start (issue 17): a few weeks of orders from demo
 * customers, so that a newcomer's dashboard and order desk are not empty. Pure and deterministic:
 * the same catalogue, customers, time and seed give the same plan.
 *
 * The plan keeps to the shop's rules by construction: it never touches a variant with less than
 * `minStock` in stock (the demo catalogue's low and sold-out lines stay as the browser tests and a
 * newcomer expect them), takes at most `maxUnitsPerVariant` units of a variant over all orders, and
 * keeps each customer within the placement limits (decision 015, issue 16), counted as
 * placeOrder counts them at each step's time.
 */

/** A demo customer: made up, with a phone number of its own (placement limits count per number). */
export type DemoCustomer = { name: string; email: string; phone: string; address: string; zone: DeliveryZone };

/** Made-up people, a mix of Bengali and English names; the phones are valid mobiles no test uses. */
export const demoCustomers: readonly DemoCustomer[] = [
  { name: 'রহিম উদ্দিন', email: 'rahim.demo@shop.local', phone: '+8801700000001', address: 'House 12, Road 5, Dhanmondi, Dhaka', zone: 'Inside Dhaka' },
  { name: 'Nusrat Jahan', email: 'nusrat.demo@shop.local', phone: '+8801700000002', address: 'Flat 4B, Lake View, Gulshan 2, Dhaka', zone: 'Inside Dhaka' },
  { name: 'তানভীর আহমেদ', email: 'tanvir.demo@shop.local', phone: '+8801700000003', address: 'Sector 7, Uttara, Dhaka', zone: 'Inside Dhaka' },
  { name: 'Farhana Akter', email: 'farhana.demo@shop.local', phone: '+8801700000004', address: 'Savar Bazar Road, Savar, Dhaka', zone: 'Suburbs Dhaka' },
  { name: 'সাকিব হাসান', email: 'sakib.demo@shop.local', phone: '+8801700000005', address: 'Tongi College Gate, Gazipur', zone: 'Suburbs Dhaka' },
  { name: 'Ayesha Siddiqua', email: 'ayesha.demo@shop.local', phone: '+8801700000006', address: 'GEC Circle, Chattogram', zone: 'Outside Dhaka' },
  { name: 'মাহমুদুল হক', email: 'mahmud.demo@shop.local', phone: '+8801700000007', address: 'Zindabazar, Sylhet', zone: 'Outside Dhaka' },
  { name: 'Imran Hossain', email: 'imran.demo@shop.local', phone: '+8801700000008', address: 'Shaheb Bazar, Rajshahi', zone: 'Outside Dhaka' },
];

/** A variant the plan may order from: its product, size, color and stock now. */
export type DemoVariant = { productId: string; size: string; color: string; stock: number };

/** The placement limits as the shop's settings say (MAX_PENDING_ORDERS, MAX_PENDING_PER_PHONE, ORDERS_PER_HOUR, COD_BLOCK_AFTER_CANCELS). */
export type DemoLimits = { maxPending: number; maxPendingPerPhone: number; perHour: number; codBlockAfterCancels: number };

export type DemoPlanInput = {
  variants: readonly DemoVariant[];
  /** How many demo customers there are (each with a number of its own): the plan names them 0, 1, ... */
  customers: number;
  now: Date;
  limits: DemoLimits;
  seed?: number;
  /** Days back, today included (28). */
  days?: number;
};

export type DemoItem = { productId: string; size: string; color: string; quantity: number };

/** One step, in time order: an order placed, or a change to an order placed earlier (`order` is its index). */
export type DemoStep =
  | { kind: 'place'; at: Date; order: number; customer: number; items: DemoItem[] }
  | { kind: 'confirm' | 'cancel' | 'customer-cancel'; at: Date; order: number };

export type DemoPlan = { steps: DemoStep[]; orders: number; days: number };

/** Below this stock a variant is never ordered (the demo's low and sold-out lines). */
export const minStock = 30;
/** At most this many units of one variant over all demo orders. */
export const maxUnitsPerVariant = 8;

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

/** mulberry32: small, fast and good enough for demo data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int };
}

type Outcome = 'confirm' | 'cancel' | 'customer-cancel' | 'pending';

/** ~70% Confirmed, ~12% canceled by the shop, ~5% by the customer; the rest stays Pending, mostly from the last 3 days. */
function outcomeFor(r: number, recent: boolean): Outcome {
  if (recent) return r < 0.3 ? 'confirm' : r < 0.36 ? 'cancel' : r < 0.4 ? 'customer-cancel' : 'pending';
  return r < 0.79 ? 'confirm' : r < 0.92 ? 'cancel' : r < 0.97 ? 'customer-cancel' : 'pending';
}

/** How long after placing an order its outcome comes: the shop calls within hours; a customer changes their mind sooner. */
function delayFor(outcome: Exclude<Outcome, 'pending'>, rng: ReturnType<typeof prng>): number {
  if (outcome === 'customer-cancel') return rng.int(10, 180) * minuteMs;
  return rng.int(60, outcome === 'confirm' ? 6 * 60 : 8 * 60) * minuteMs;
}

/**
 * The plan: for each Dhaka day from `days - 1` days ago to today, 1-4 orders (3-6 on busier days:
 * Thursdays, Fridays and a few others) between 09:00 and 23:00 Dhaka time and never after `now`;
 * each of 1-3 lines of quantity 1-2; each customer's orders kept within the limits, or the order
 * is left out. Steps come sorted by time (a change before a placement at the same instant).
 */
export function planDemoOrders(input: DemoPlanInput): DemoPlan {
  const days = input.days ?? 28;
  // Two streams: the days, times, outcomes and customers do not depend on the catalogue (its ids
  // are random), only the lines do.
  const rng = prng(input.seed ?? 17);
  const lineRng = prng((input.seed ?? 17) ^ 0x9e3779b9);
  const now = input.now.getTime();
  const today = Math.floor((now + dhakaOffsetMs) / dayMs);

  // Variants the plan may use, in a stable order, and the units each has left to give.
  const usable = input.variants.filter((v) => v.stock >= minStock).sort((a, b) => key(a).localeCompare(key(b)));
  const left = usable.map(() => maxUnitsPerVariant);

  // Each customer's Pending orders while the plan runs: the time each stops being Pending (Infinity: never).
  const pendingUntil: number[][] = Array.from({ length: input.customers }, () => []);
  const placedAt: number[][] = Array.from({ length: input.customers }, () => []);
  const shopCancels: number[] = Array.from({ length: input.customers }, () => 0);
  const pendingCap = Math.min(input.limits.maxPending, input.limits.maxPendingPerPhone);
  const cancelCap = input.limits.codBlockAfterCancels > 0 ? input.limits.codBlockAfterCancels - 1 : Infinity;

  const steps: DemoStep[] = [];
  let orders = 0;
  for (let back = days - 1; back >= 0; back--) {
    const day = today - back;
    const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday (4); Friday is 5
    const busy = weekday === 4 || weekday === 5 || rng.next() < 0.15;
    const count = busy ? rng.int(3, 6) : rng.int(1, 4);
    const dayStart = day * dayMs - dhakaOffsetMs;
    const times = Array.from({ length: count }, () => dayStart + 9 * hourMs + rng.int(0, 14 * 60 - 1) * minuteMs + rng.int(0, 59) * 1000)
      .filter((t) => t <= now)
      .sort((a, b) => a - b);
    for (const at of times) {
      let outcome = outcomeFor(rng.next(), back < 3);
      const resolveAt = outcome === 'pending' ? Infinity : at + delayFor(outcome, rng);
      // Not yet: it is still Pending now.
      if (resolveAt > now) outcome = 'pending';
      const until = outcome === 'pending' ? Infinity : resolveAt;

      const fits = (c: number) =>
        (pendingUntil[c] ?? []).filter((u) => u > at).length < pendingCap &&
        (placedAt[c] ?? []).filter((t) => t > at - hourMs).length < input.limits.perHour &&
        (outcome !== 'cancel' || (shopCancels[c] ?? 0) < cancelCap);
      const first = rng.int(0, Math.max(0, input.customers - 1));
      const customer = Array.from({ length: input.customers }, (_, i) => (first + i) % input.customers).find(fits);
      const items = pickItems(usable, left, lineRng);
      if (customer === undefined || items.length === 0) continue;
      for (const item of items) left[item.index] = (left[item.index] ?? 0) - item.quantity;

      const order = orders++;
      pendingUntil[customer]?.push(until);
      placedAt[customer]?.push(at);
      if (outcome === 'cancel') shopCancels[customer] = (shopCancels[customer] ?? 0) + 1;
      steps.push({ kind: 'place', at: new Date(at), order, customer, items: items.map(({ productId, size, color, quantity }) => ({ productId, size, color, quantity })) });
      if (outcome !== 'pending') steps.push({ kind: outcome, at: new Date(resolveAt), order });
    }
  }
  const rank = (s: DemoStep) => (s.kind === 'place' ? 1 : 0);
  steps.sort((a, b) => a.at.getTime() - b.at.getTime() || rank(a) - rank(b) || a.order - b.order);
  return { steps, orders, days };
}

const key = (v: DemoVariant) => `${v.productId}\u0000${v.size}\u0000${v.color}`;

/** 1-3 lines of different products, quantity 1-2, from variants with units left. */
function pickItems(usable: readonly DemoVariant[], left: number[], rng: ReturnType<typeof prng>) {
  const wanted = rng.int(1, 3);
  const picked: Array<DemoVariant & { index: number; quantity: number }> = [];
  for (let tries = 0; picked.length < wanted && tries < 12 && usable.length > 0; tries++) {
    const index = rng.int(0, usable.length - 1);
    const variant = usable[index];
    const quantity = rng.int(1, 2);
    if (!variant || (left[index] ?? 0) < quantity || picked.some((p) => p.productId === variant.productId)) continue;
    picked.push({ ...variant, index, quantity });
  }
  return picked;
}

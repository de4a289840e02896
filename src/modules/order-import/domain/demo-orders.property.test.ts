import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxUnitsPerVariant, minStock, planDemoOrders, type DemoLimits, type DemoPlan, type DemoVariant } from './demo-orders.js';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const defaults: DemoLimits = { maxPending: 5, maxPendingPerPhone: 3, perHour: 20, codBlockAfterCancels: 3 };
const now = new Date('2026-11-25T12:00:00Z'); // 18:00 in Dhaka

const catalogue: DemoVariant[] = Array.from({ length: 40 }, (_, p) =>
  ['S', 'M'].map((size) => ({ productId: `p${p}`, size, color: 'Red', stock: p % 7 === 0 ? p % 3 : 40 })),
).flat();

/** Replays a plan as the shop's placement limits count (pending now, placed in the last hour, shop cancels so far) and checks each step. */
function checkPlan(plan: DemoPlan, variants: readonly DemoVariant[], customers: number, limits: DemoLimits, at: Date) {
  const stock = new Map(variants.map((v) => [`${v.productId}/${v.size}/${v.color}`, v.stock]));
  const taken = new Map<string, number>();
  const status = new Map<number, { customer: number; pending: boolean }>();
  const placedAt: number[][] = Array.from({ length: customers }, () => []);
  const shopCancels = new Map<number, number>();
  let last = -Infinity;
  for (const step of plan.steps) {
    const t = step.at.getTime();
    expect(t).toBeGreaterThanOrEqual(last);
    expect(t).toBeLessThanOrEqual(at.getTime());
    expect(t).toBeGreaterThan(at.getTime() - 29 * dayMs);
    last = t;
    if (step.kind === 'place') {
      const c = step.customer;
      expect(c).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThan(customers);
      const pending = [...status.values()].filter((s) => s.customer === c && s.pending).length;
      expect(pending).toBeLessThan(Math.min(limits.maxPending, limits.maxPendingPerPhone));
      expect(placedAt[c]!.filter((p) => p > t - hourMs).length).toBeLessThan(limits.perHour);
      if (limits.codBlockAfterCancels > 0) expect(shopCancels.get(c) ?? 0).toBeLessThan(limits.codBlockAfterCancels);
      placedAt[c]!.push(t);
      expect(step.items.length).toBeGreaterThanOrEqual(1);
      expect(step.items.length).toBeLessThanOrEqual(3);
      expect(new Set(step.items.map((i) => i.productId)).size).toBe(step.items.length);
      for (const item of step.items) {
        const key = `${item.productId}/${item.size}/${item.color}`;
        expect(stock.get(key)).toBeGreaterThanOrEqual(minStock);
        expect([1, 2]).toContain(item.quantity);
        taken.set(key, (taken.get(key) ?? 0) + item.quantity);
        expect(taken.get(key)).toBeLessThanOrEqual(maxUnitsPerVariant);
      }
      status.set(step.order, { customer: c, pending: true });
    } else {
      const order = status.get(step.order);
      expect(order?.pending).toBe(true);
      order!.pending = false;
      if (step.kind === 'cancel') shopCancels.set(order!.customer, (shopCancels.get(order!.customer) ?? 0) + 1);
    }
  }
  // Never more shop cancels than stop cash on delivery to the customer's number.
  if (limits.codBlockAfterCancels > 0) for (const n of shopCancels.values()) expect(n).toBeLessThan(limits.codBlockAfterCancels);
}

describe('planDemoOrders', () => {
  it('is deterministic: the same input gives the same plan', () => {
    const input = { variants: catalogue, customers: 8, now, limits: defaults };
    expect(planDemoOrders(input)).toEqual(planDemoOrders(input));
    expect(planDemoOrders({ ...input, seed: 18 })).not.toEqual(planDemoOrders(input));
  });

  it("draws its days, times, outcomes and customers apart from the catalogue's (random) ids: only the lines differ", () => {
    const renamed = catalogue.map((v) => ({ ...v, productId: `x-${v.productId}` }));
    const shape = (plan: DemoPlan) => plan.steps.map((s) => [s.kind, s.at.getTime(), s.order, s.kind === 'place' ? s.customer : null]);
    const input = { variants: catalogue, customers: 8, now, limits: defaults };
    expect(shape(planDemoOrders({ ...input, variants: renamed }))).toEqual(shape(planDemoOrders(input)));
  });

  it('spreads 1-6 orders a day over 28 Dhaka days, mostly Confirmed, some canceled, the Pending ones mostly recent', () => {
    const plan = planDemoOrders({ variants: catalogue, customers: 8, now, limits: defaults });
    checkPlan(plan, catalogue, 8, defaults, now);
    const places = plan.steps.filter((s) => s.kind === 'place');
    expect(places).toHaveLength(plan.orders);
    const dhakaDay = (d: Date) => Math.floor((d.getTime() + 6 * hourMs) / dayMs);
    const perDay = new Map<number, number>();
    for (const s of places) perDay.set(dhakaDay(s.at), (perDay.get(dhakaDay(s.at)) ?? 0) + 1);
    expect(perDay.size).toBeGreaterThanOrEqual(26);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(6);
    expect(Math.min(...perDay.keys())).toBe(dhakaDay(now) - 27);
    const kinds = (k: string) => plan.steps.filter((s) => s.kind === k).length;
    expect(kinds('confirm') / plan.orders).toBeGreaterThan(0.5);
    expect(kinds('cancel')).toBeGreaterThan(0);
    expect(kinds('customer-cancel')).toBeGreaterThan(0);
    const resolved = new Set(plan.steps.filter((s) => s.kind !== 'place').map((s) => s.order));
    const pending = places.filter((s) => !resolved.has(s.order));
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.filter((s) => now.getTime() - s.at.getTime() < 3 * dayMs).length).toBeGreaterThan(pending.length / 2);
    // Dhaka shop hours: 09:00 to 23:00.
    for (const s of places) expect((s.at.getTime() + 6 * hourMs) % dayMs).toBeGreaterThanOrEqual(9 * hourMs);
  });

  it('keeps to the stock and the placement limits for any catalogue, customers, limits and time', () => {
    const variant = fc.record({ productId: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), size: fc.constantFrom('', 'S', 'M'), color: fc.constantFrom('', 'Red'), stock: fc.integer({ min: 0, max: 60 }) });
    const variants = fc.uniqueArray(variant, { selector: (v) => `${v.productId}/${v.size}/${v.color}`, maxLength: 30 });
    const limits = fc.record({ maxPending: fc.integer({ min: 1, max: 6 }), maxPendingPerPhone: fc.integer({ min: 1, max: 4 }), perHour: fc.integer({ min: 1, max: 20 }), codBlockAfterCancels: fc.integer({ min: 0, max: 4 }) });
    fc.assert(
      fc.property(variants, fc.integer({ min: 0, max: 10 }), limits, fc.date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }), fc.integer(), (vs, customers, lim, at, seed) => {
        const plan = planDemoOrders({ variants: vs, customers, now: at, limits: lim, seed });
        checkPlan(plan, vs, customers, lim, at);
        if (customers === 0 || vs.every((v) => v.stock < minStock)) expect(plan.orders).toBe(0);
      }),
      { numRuns: 150 },
    );
  });
});

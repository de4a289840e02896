import type { Clock } from '../../shared/clock.js';
import type { Actor, OrderingAt, OrderLog, PlacementLimits } from '../ordering/index.js';
import type { DemoCustomer, DemoPlan } from './domain/demo-orders.js';

export type SeedDemoOrdersDeps = {
  /** Outside any transaction: is the log empty? */
  log: Pick<OrderLog, 'count'>;
  /** Ordering's real path on a clock of ours, with some of the placement limits overridden (ordering's `at`). */
  at: (clock: Clock, limits: Partial<PlacementLimits>) => OrderingAt;
};

/** A demo customer's account (made by identity) with the details its orders carry. */
export type DemoCustomerAccount = DemoCustomer & { userId: string };

export type SeedDemoOrdersInput = {
  plan: DemoPlan;
  /** The plan's customer i is customers[i]. */
  customers: readonly DemoCustomerAccount[];
  /** Who confirms and cancels for the shop: the demo admin. */
  admin: { userId: string; email: string };
};

/** A step that was refused (a setting tighter than the plan assumed, an admin's blocklist...): skipped, never fatal. */
export type SkippedStep = { kind: string; at: Date; code: string; message: string };

export type SeededDemoOrders = { placed: number; skipped: SkippedStep[] };

/**
 * Places a demo plan's orders through the real ordering path, step by step in time order, each
 * with a clock that says the step's time (so the log's `at` lies in the past, in order; the event
 * ids still grow with the log). Only into an empty order log: a shop that has orders is never given
 * demo ones. The orders are marked `demo` in their Placed events and send no messages. The stock
 * they take is real and the catalogue is told (placeOrder and the changes do that).
 *
 * A checkout phone code (CHECKOUT_OTP) is not asked of the demo customers: their numbers are made
 * up and the shop places their orders itself. The other limits stay in force, and a refused step
 * is skipped and answered in `skipped`.
 */
export async function seedDemoOrders(deps: SeedDemoOrdersDeps, input: SeedDemoOrdersInput): Promise<SeededDemoOrders> {
  if ((await deps.log.count()) > 0) return { placed: 0, skipped: [] };
  const admin: Actor = { ...input.admin, role: 'admin' };
  const orderIds = new Map<number, { id: string; owner: Actor }>();
  const skipped: SkippedStep[] = [];
  let placed = 0;
  for (const step of input.plan.steps) {
    const clock: Clock = { now: () => new Date(step.at) };
    const ordering = deps.at(clock, { checkoutOtp: false });
    const skip = (code: string, message: string) => void skipped.push({ kind: step.kind, at: step.at, code, message });
    if (step.kind === 'place') {
      const customer = input.customers[step.customer];
      if (!customer) {
        skip('demo/no-customer', `the plan names customer ${step.customer}, and there are ${input.customers.length}`);
        continue;
      }
      const owner: Actor = { userId: customer.userId, email: customer.email, role: 'customer' };
      const result = await ordering.placeOrder(owner, {
        name: customer.name,
        phone: customer.phone,
        address: customer.address,
        deliveryLocation: customer.zone,
        paymentMethod: 'Cash On Delivery',
        items: step.items,
        demo: true,
      });
      if (!result.ok) {
        skip(result.error.code, result.error.message);
        continue;
      }
      orderIds.set(step.order, { id: result.value.order.id, owner });
      placed++;
      continue;
    }
    const order = orderIds.get(step.order);
    // Its placement was skipped: so is what would have happened to it.
    if (!order) continue;
    const result =
      step.kind === 'customer-cancel'
        ? await ordering.removeOrder(order.owner, order.id)
        : await ordering.changeStatus(admin, order.id, step.kind === 'confirm' ? 'Confirmed' : 'Canceled');
    if (!result.ok) skip(result.error.code, result.error.message);
  }
  return { placed, skipped };
}

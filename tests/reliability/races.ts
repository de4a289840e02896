import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { checkoutForm, createSeededShop, uniqueName } from '../security/shop.js';
import type { TestAppOptions } from '../support/test-app.js';

/**
 * Races over real HTTP: the test app served on 127.0.0.1 (an ephemeral port), concurrent fetches.
 * Each round, with a fresh customer:
 * - idempotent orders: 8 concurrent POST /api/orders with one Idempotency-Key and one body make
 *   exactly one order: every answer 2xx and naming the same order, one 201, one Placed event,
 *   and (for a cart order) the cart emptied once. Rounds alternate cart orders and Order Now.
 * - status changes: 6 concurrent admin PATCHes (Confirmed and Canceled mixed) on one Pending
 *   order, and in odd rounds the owner's cancel too: exactly one succeeds, the others are 409 (or
 *   404 once the owner's cancel won: that order is gone); the log holds exactly one transition.
 * - cart adds: 10 concurrent adds of one choice (2 each) and 5 of another (1 each): two lines,
 *   quantities 20 and 5, each line created once (one 201) and merged into otherwise.
 * Rounds alternate two shops: orders batched into shared transactions (group commit) and one
 * transaction per order (maxBatch 1); the races must hold for both.
 */
export type RaceReport = {
  idempotentOrders: { rounds: number; ok: number };
  statusChanges: { rounds: number; ok: number };
  cartAdds: { rounds: number; ok: number };
  failures: string[];
  /** Group commit counters of the batched shop: units > batches means orders shared a transaction. */
  orderBatches: { batches: number; units: number };
};

type Answer = { status: number; body: Record<string, unknown> | null };

/** The test app on 127.0.0.1 (an ephemeral port), and what the rounds need of it. */
async function serveShop(options: TestAppOptions) {
  const shop = await createSeededShop(options);
  const server = serve({ fetch: shop.t.app.fetch, port: 0, hostname: '127.0.0.1' });
  try {
    await new Promise<void>((resolve, reject) => {
      if (server.listening) resolve();
      server.once('listening', () => resolve());
      server.once('error', reject);
    });
  } catch (e) {
    await shop.close();
    throw e;
  }
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const http = async (method: string, path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> | null;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      parsed = { text };
    }
    return { status: res.status, body: parsed };
  };
  const products = (await http('GET', '/api/products?limit=100', undefined)).body as unknown as Array<{ _id: string; sizes: string[]; colors: string[]; price: number }>;
  const multi = products.find((p) => p.colors.length >= 2) ?? products[0]!;
  return {
    shop,
    http,
    products,
    multi,
    choiceA: { size: multi.sizes[0] ?? '', color: multi.colors[0] ?? '' },
    choiceB: { size: multi.sizes[0] ?? '', color: multi.colors[1] ?? '' },
    admin: shop.tokens.admin,
    customer: async () => {
      const email = `${uniqueName('racer')}@example.com`;
      const res = await http('POST', '/api/auth/signup', undefined, { name: 'Racer', email, password: shop.password });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status}`);
      return { token: (res.body as { token: string }).token, id: (res.body as { user: { _id: string } }).user._id };
    },
    placedEvents: async (userId: string) =>
      (await shop.t.query<{ payload: string }>("select payload from order_events where type = 'Placed'")).filter((r) => (JSON.parse(r.payload) as { owner?: { userId?: string } }).owner?.userId === userId).length,
    eventsOf: async (orderId: string) => (await shop.t.query<{ type: string }>('select type from order_events where order_id = ? order by seq', orderId)).map((r) => r.type),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await shop.close();
    },
  };
}

export async function runRaces(options: { rounds: number }): Promise<RaceReport> {
  const report: RaceReport = {
    idempotentOrders: { rounds: 0, ok: 0 },
    statusChanges: { rounds: 0, ok: 0 },
    cartAdds: { rounds: 0, ok: 0 },
    failures: [],
    orderBatches: { batches: 0, units: 0 },
  };
  // Even rounds: orders batched into shared transactions (group commit, the default); odd rounds:
  // one transaction per order (maxBatch 1), as the shop wrote them before group commit.
  const batched = await serveShop({});
  const oneByOne = await serveShop({ orderCommits: { maxBatch: 1 } }).catch(async (e: unknown) => {
    await batched.close();
    throw e;
  });
  try {
    for (let round = 0; round < options.rounds; round++) {
      const { http, products, multi, choiceA, choiceB, admin, customer, placedEvents, eventsOf } = round % 2 === 0 ? batched : oneByOne;
      const mode = round % 2 === 0 ? 'batched' : 'one by one';
      // 1. One Idempotency-Key, eight concurrent orders.
      report.idempotentOrders.rounds++;
      try {
        const who = await customer();
        const cartOrder = Math.floor(round / 2) % 2 === 0;
        if (cartOrder) {
          await http('POST', '/api/carts', who.token, { productId: multi._id, quantity: 2, ...choiceA });
          await http('POST', '/api/carts', who.token, { productId: products[1]!._id, quantity: 1, size: '', color: '' });
        }
        const body = cartOrder ? { ...checkoutForm } : { ...checkoutForm, items: [{ productId: multi._id, quantity: 1, ...choiceA }] };
        const key = `race-${round}-${uniqueName('k')}`;
        const answers = await Promise.all(Array.from({ length: 8 }, () => http('POST', '/api/orders', who.token, body, { 'idempotency-key': key })));
        const problems: string[] = [];
        const ids = new Set(answers.map((a) => (a.body as { insertedId?: string } | null)?.insertedId));
        if (!answers.every((a) => a.status === 200 || a.status === 201)) problems.push(`statuses ${answers.map((a) => a.status).join(',')} ${JSON.stringify(answers.find((a) => a.status >= 300)?.body)}`);
        if (answers.filter((a) => a.status === 201).length !== 1) problems.push(`${answers.filter((a) => a.status === 201).length} answers were 201`);
        if (ids.size !== 1 || ids.has(undefined)) problems.push(`orders named: ${[...ids].join(',')}`);
        const placed = await placedEvents(who.id);
        if (placed !== 1) problems.push(`${placed} Placed events`);
        const listed = (await http('GET', '/api/orders', who.token)).body as unknown as unknown[];
        if (listed.length !== 1) problems.push(`${listed.length} orders listed`);
        if (cartOrder) {
          const cart = (await http('GET', '/api/carts', who.token)).body as unknown as unknown[];
          if (cart.length !== 0) problems.push(`${cart.length} lines left in the cart`);
        }
        if (problems.length) report.failures.push(`idempotent orders, round ${round} (${mode}, ${cartOrder ? 'cart' : 'Order Now'}): ${problems.join('; ')}`);
        else report.idempotentOrders.ok++;
      } catch (e) {
        report.failures.push(`idempotent orders, round ${round}: ${(e as Error).message}`);
      }

      // 2. Concurrent status changes on one Pending order.
      report.statusChanges.rounds++;
      try {
        const who = await customer();
        const placed = await http('POST', '/api/orders', who.token, { ...checkoutForm, items: [{ productId: multi._id, quantity: 1, ...choiceA }] });
        const orderId = (placed.body as { insertedId: string }).insertedId;
        if (placed.status !== 201) throw new Error(`order failed: ${placed.status}`);
        const statuses = ['Confirmed', 'Canceled', 'Confirmed', 'Canceled', 'Confirmed', 'Canceled'];
        // Odd rounds add the owner's cancel to the race; a cancelled-by-owner order is gone (404).
        const withOwner = Math.floor(round / 2) % 2 === 1;
        const answers = await Promise.all([
          ...statuses.map((status) => http('PATCH', `/api/orders/${orderId}`, admin, { status })),
          ...(withOwner ? [http('DELETE', `/api/orders/${orderId}`, who.token)] : []),
        ]);
        const problems: string[] = [];
        const won = answers.filter((a) => a.status === 200).length;
        const code = (a: Answer) => (a.body as { error?: { code?: string } } | null)?.error?.code;
        const refused = answers.filter(
          (a) => (a.status === 409 && code(a) === 'ordering/illegal-transition') || (withOwner && a.status === 404 && code(a) === 'ordering/order-not-found'),
        ).length;
        if (won !== 1 || refused !== answers.length - 1) problems.push(`statuses ${answers.map((a) => a.status).join(',')}`);
        const events = await eventsOf(orderId);
        if (events.length !== 2 || events[0] !== 'Placed') problems.push(`log: ${events.join(',')}`);
        if (problems.length) report.failures.push(`status changes, round ${round} (${mode}): ${problems.join('; ')}`);
        else report.statusChanges.ok++;
      } catch (e) {
        report.failures.push(`status changes, round ${round}: ${(e as Error).message}`);
      }

      // 3. Concurrent adds to one cart.
      report.cartAdds.rounds++;
      try {
        const who = await customer();
        const answers = await Promise.all([
          ...Array.from({ length: 10 }, () => http('POST', '/api/carts', who.token, { productId: multi._id, quantity: 2, ...choiceA }).then((a) => ({ ...a, choice: 'A' }))),
          ...Array.from({ length: 5 }, () => http('POST', '/api/carts', who.token, { productId: multi._id, quantity: 1, ...choiceB }).then((a) => ({ ...a, choice: 'B' }))),
        ]);
        const problems: string[] = [];
        if (!answers.every((a) => a.status === 200 || a.status === 201)) problems.push(`statuses ${answers.map((a) => a.status).join(',')}`);
        for (const choice of ['A', 'B']) {
          const created = answers.filter((a) => a.choice === choice && a.status === 201).length;
          if (created !== 1) problems.push(`choice ${choice} created ${created} times`);
        }
        const cart = (await http('GET', '/api/carts', who.token)).body as unknown as Array<{ color: string; quantity: number }>;
        const expected = choiceA.color === choiceB.color ? [[choiceA.color, 25]] : [[choiceA.color, 20], [choiceB.color, 5]];
        const got = cart.map((l) => [l.color, l.quantity]).sort();
        if (JSON.stringify(got) !== JSON.stringify(expected.sort())) problems.push(`cart ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
        if (problems.length) report.failures.push(`cart adds, round ${round} (${mode}): ${problems.join('; ')}`);
        else report.cartAdds.ok++;
      } catch (e) {
        report.failures.push(`cart adds, round ${round}: ${(e as Error).message}`);
      }
    }
  } finally {
    const stats = batched.shop.t.ordering.orderBatches();
    report.orderBatches = { batches: stats.batches, units: stats.units };
    await batched.close();
    await oneByOne.close();
  }
  return report;
}

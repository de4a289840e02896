import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transitions, type Outcome } from '../../src/modules/ordering/domain/order.js';
import { auditOrderLog } from '../../src/modules/audit/index.js';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Decision 019: decide() holds every rule, evolve() none. Tightening a rule changes what the shop
// accepts from now on; it never turns a log written under the old rule into a failed audit.
let t: TestApp;
let admin: string;
let rina: string;
let productId: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  rina = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
  productId = (await json(await call(t, 'GET', '/api/products?limit=1')))[0]._id;
});
afterEach(() => t.close());

async function confirmedOrder(): Promise<string> {
  await call(t, 'POST', '/api/carts', { token: rina, body: { productId, quantity: 1 } });
  const placed = await call(t, 'POST', '/api/orders', {
    token: rina,
    body: { name: 'Rina', phone: '01712345678', address: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' },
  });
  expect(placed.status).toBe(201);
  const { insertedId } = await json(placed);
  expect((await call(t, 'PATCH', `/api/orders/${insertedId}`, { token: admin, body: { status: 'Confirmed' } })).status).toBe(200);
  return insertedId;
}

/**
 * Tightens the live table the shop decides with (not a copy), so that if replaying ever consulted
 * the rules again, the audit below would fail. Returns the undo.
 */
function tighten(): () => void {
  const confirmed = transitions.RemoveOrder.Confirmed as { admin: Outcome };
  const before = confirmed.admin;
  confirmed.admin = { refused: 'ordering/illegal-transition', reason: 'a Confirmed order is kept for the books' };
  return () => {
    confirmed.admin = before;
  };
}

describe('a tightened rule', () => {
  it('refuses the transition from now on, while the log that holds it still folds and verifies', async () => {
    // Today an admin deletes a Confirmed order.
    const old = await confirmedOrder();
    expect((await call(t, 'DELETE', `/api/orders/${old}`, { token: admin })).status).toBe(200);

    const undo = tighten();
    try {
      // Tomorrow's rule: a Confirmed order is kept.
      const kept = await confirmedOrder();
      const refused = await call(t, 'DELETE', `/api/orders/${kept}`, { token: admin });
      expect(refused.status).toBe(409);
      expect((await json(refused)).error).toEqual({ code: 'ordering/illegal-transition', message: 'Not allowed: a Confirmed order is kept for the books.' });

      // The old order's history still holds the delete, and the full audit refolds it without complaint.
      const history = await json(await call(t, 'GET', `/api/orders/${old}/events`, { token: admin }));
      expect(history.map((e: { type: string }) => e.type)).toEqual(['Placed', 'Confirmed', 'Deleted']);
      expect(await auditOrderLog(t.database)).toMatchObject({ verified: true, problem: null, eventCount: 5, orderCount: 2 });
      expect(await json(await call(t, 'GET', '/api/audit', { token: admin }))).toMatchObject({ verified: true, problem: null });
    } finally {
      undo();
    }
  });
});

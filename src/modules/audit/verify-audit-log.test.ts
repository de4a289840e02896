import { describe, expect, it } from 'vitest';
import type { OrderState, PlacedSnapshot, StoredEvent } from '../ordering/index.js';
import { checkHead, compareIds, compareProjection, foldOrders, parseExpectedHead, type FoldedOrder } from './verify-audit-log.js';

const placed: PlacedSnapshot = {
  owner: { userId: 'u1', email: 'rina@example.com' },
  name: 'Rina',
  phone: '01712345678',
  address: 'Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountBasisPoints: 0,
  lines: [],
  subtotal: 100,
  discount: 0,
  fee: 60,
  total: 160,
};
const at = new Date('2026-01-01T00:00:00Z');
const state = (id: string, status: OrderState['status'] = 'Pending'): OrderState => ({
  id,
  placed,
  status,
  removed: false,
  canceledBy: status === 'Canceled' ? 'shop' : null,
  canceledAt: status === 'Canceled' ? at : null,
  placedAt: at,
  updatedAt: at,
  version: status === 'Pending' ? 1 : 2,
});
const folded = (...states: OrderState[]): FoldedOrder[] => states.map((s) => ({ state: s }));
const actor = { userId: 'admin', email: 'boss@shop.test', role: 'admin' as const };
/** Node 20 has no Array.fromAsync. */
async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
let nextId = 1;
const event = (orderId: string, seq: number, type: StoredEvent['type']): StoredEvent =>
  ({ id: nextId++, orderId, seq, type, payload: type === 'Placed' ? placed : {}, actor, at, prevHash: '', hash: '' }) as StoredEvent;

describe('the audit merge of folded orders with the listing table (both ascending by id)', () => {
  it('passes when every folded order has its equal row, and counts the orders', async () => {
    expect(await compareProjection(folded(state('a'), state('b', 'Confirmed'), state('c')), [state('a'), state('b', 'Confirmed'), state('c')])).toEqual({ orderCount: 3, problem: null });
    expect(await compareProjection([], [])).toEqual({ orderCount: 0, problem: null });
  });

  it('names an order missing from the listing table, in the middle and at the end', async () => {
    expect((await compareProjection(folded(state('a'), state('b'), state('c')), [state('a'), state('c')])).problem).toMatchObject({ orderId: 'b', reason: 'the order is missing from the listing table' });
    expect((await compareProjection(folded(state('a'), state('b')), [state('a')])).problem).toMatchObject({ orderId: 'b', reason: 'the order is missing from the listing table' });
  });

  it('names a row the log does not know, before, between and after the folded orders', async () => {
    const stray = 'the listing table has an order the log does not know';
    expect((await compareProjection(folded(state('b')), [state('a'), state('b')])).problem).toMatchObject({ orderId: 'a', reason: stray });
    expect((await compareProjection(folded(state('a'), state('c')), [state('a'), state('b'), state('c')])).problem).toMatchObject({ orderId: 'b', reason: stray });
    expect((await compareProjection(folded(state('a')), [state('a'), state('z')])).problem).toMatchObject({ orderId: 'z', reason: stray });
    expect((await compareProjection([], [state('a')])).problem).toMatchObject({ orderId: 'a', reason: stray });
  });

  it('names a row whose status differs from the fold', async () => {
    expect((await compareProjection(folded(state('a'), state('b', 'Confirmed')), [state('a'), state('b', 'Canceled')])).problem).toMatchObject({
      eventId: null,
      orderId: 'b',
      reason: 'the listing table disagrees with the log',
    });
  });

  it('closes the rows iterator when it answers early (a database cursor would keep its connection busy)', async () => {
    let closed = false;
    function* rows() {
      try {
        yield state('x');
        yield state('y');
      } finally {
        closed = true;
      }
    }
    expect((await compareProjection(folded(state('a')), rows())).problem).not.toBeNull();
    expect(closed).toBe(true);
  });

  it('folds events grouped by order one order at a time, and stops at an event that cannot follow', async () => {
    const ok = await collect(foldOrders([event('a', 1, 'Placed'), event('a', 2, 'Confirmed'), event('b', 1, 'Placed')]));
    expect(ok.map((f) => ('state' in f ? [f.state.id, f.state.status] : f.problem))).toEqual([
      ['a', 'Confirmed'],
      ['b', 'Pending'],
    ]);
    const broken = await collect(foldOrders([event('a', 1, 'Placed'), event('b', 2, 'Confirmed'), event('c', 1, 'Placed')]));
    expect(broken.at(-1)).toMatchObject({ problem: { orderId: 'b', seq: 2, reason: expect.stringContaining('cannot follow') } });
    expect(broken).toHaveLength(2);
  });

  it('orders ids as SQLite does (UTF-8 bytes = code points), not as UTF-16 units', () => {
    const ids = ['b', 'a', 'ab', '\u{1F600}', '\uFF5E', ''];
    const sqliteOrder = [...ids].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...ids].sort(compareIds)).toEqual(sqliteOrder);
  });
});

describe('heads', () => {
  it('a chain end that falls short of, runs past or differs from its head is a problem', () => {
    const head = { eventCount: 4, lastId: 4, lastHash: 'h4' };
    expect(checkHead({ id: 4, hash: 'h4' }, head)).toBeNull();
    expect(checkHead({ id: 2, hash: 'h2' }, head)?.eventId).toBe(3);
    expect(checkHead({ id: 5, hash: 'h5' }, head)?.eventId).toBe(5);
    expect(checkHead({ id: 4, hash: 'x' }, head)?.eventId).toBe(4);
    expect(checkHead({ id: 4, hash: 'h4' }, { ...head, eventCount: 3 })).not.toBeNull();
  });

  it('--expect-head takes count:hash or the hash alone', () => {
    const hash = 'ab'.repeat(32);
    expect(parseExpectedHead(`12:${hash}`)).toEqual({ count: 12, hash });
    expect(parseExpectedHead(hash.toUpperCase())).toEqual({ count: null, hash });
    expect(parseExpectedHead('12:abc')).toBeNull();
    expect(parseExpectedHead('')).toBeNull();
  });
});

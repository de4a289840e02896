import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, decide, fold, type Actor, type OrderState, type OrderStatus, type PlacedSnapshot, type RecordedEvent } from './order.js';

const placed: PlacedSnapshot = {
  owner: { userId: 'u1', email: 'rina@example.com' },
  name: 'Rina',
  phone: '01712345678',
  address: 'Road 1, Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountBasisPoints: 0,
  lines: [{ productId: 'p1', title: 'Fox', category: 'Plush', image: '/uploads/a.webp', size: '', color: '', quantity: 2, unitPrice: 500, price: 1000 }],
  subtotal: 1000,
  discount: 0,
  fee: 60,
  total: 1060,
};
const customer: Actor = { userId: 'u1', email: 'rina@example.com', role: 'customer' };
const admin: Actor = { userId: 'a1', email: 'boss@shop.test', role: 'admin' };
const commands = ['Confirmed', 'Canceled', 'CanceledByCustomer', 'Deleted'] as const;
type Command = (typeof commands)[number];

const placedEvent = (at = 0): RecordedEvent => ({ type: 'Placed', payload: placed, orderId: 'o1', seq: 1, actor: customer, at: new Date(at) });

/** Runs commands through decide + apply, as the ordering use cases do; refused ones are skipped. */
function run(cmds: ReadonlyArray<{ command: Command; role: Actor['role'] }>) {
  const events: RecordedEvent[] = [placedEvent()];
  let state = apply(null, events[0] as RecordedEvent) as OrderState;
  const statuses: OrderStatus[] = [state.status];
  for (const [i, { command, role }] of cmds.entries()) {
    if (!decide(state, command, role).ok) continue;
    const event = { type: command, payload: {}, orderId: 'o1', seq: state.version + 1, actor: role === 'admin' ? admin : customer, at: new Date(i + 1) } as RecordedEvent;
    const next = apply(state, event);
    if ('problem' in next) throw new Error(next.problem);
    events.push(event);
    state = next;
    statuses.push(state.status);
  }
  return { events, state, statuses };
}

const commandArb = fc.record({ command: fc.constantFrom(...commands), role: fc.constantFrom<Actor['role']>('admin', 'customer') });

/** The legal table, written out independently of decide(). */
function legal(state: Pick<OrderState, 'status' | 'removed'>, command: Command, role: Actor['role']): boolean {
  if (state.removed) return false;
  if (command === 'Confirmed' || command === 'Canceled') return role === 'admin' && state.status === 'Pending';
  if (command === 'CanceledByCustomer') return state.status === 'Pending';
  return role === 'admin';
}

describe('the order state machine', () => {
  it('refuses every illegal transition in every state, and allows every legal one', () => {
    const base = apply(null, placedEvent()) as OrderState;
    for (const status of ['Pending', 'Confirmed', 'Canceled'] as const) {
      for (const removed of [false, true]) {
        for (const command of commands) {
          for (const role of ['admin', 'customer'] as const) {
            const decision = decide({ ...base, status, removed }, command, role);
            expect(decision.ok, `${status}${removed ? ' removed' : ''} ${command} by ${role}`).toBe(legal({ status, removed }, command, role));
          }
        }
      }
    }
  });

  it('never moves a Confirmed or Canceled order back to Pending, whatever the commands', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 12 }), (cmds) => {
        const { statuses } = run(cmds);
        const left = statuses.findIndex((s) => s !== 'Pending');
        if (left >= 0) expect(statuses.slice(left).every((s) => s !== 'Pending')).toBe(true);
      }),
    );
  });

  it('the fold is deterministic and equals the state built step by step', () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 12 }), (cmds) => {
        const { events, state } = run(cmds);
        expect(fold(events)).toEqual(state);
        expect(fold(events)).toEqual(fold(events.map((e) => ({ ...e }))));
      }),
    );
  });

  it('a fold refuses a corrupt log: a gap, a repeat, a second Placed, an illegal step', () => {
    const confirm = (seq: number): RecordedEvent => ({ type: 'Confirmed', payload: {}, orderId: 'o1', seq, actor: admin, at: new Date(seq) });
    expect(fold([placedEvent(), confirm(3)])).toMatchObject({ seq: 3 });
    expect(fold([placedEvent(), confirm(2), confirm(2)])).toMatchObject({ seq: 2 });
    expect(fold([placedEvent(), { ...placedEvent(), seq: 2 }])).toMatchObject({ problem: 'a second Placed event' });
    expect(fold([placedEvent(), confirm(2), confirm(3)])).toMatchObject({ seq: 3 });
    expect(fold([confirm(1)])).toMatchObject({ problem: 'Confirmed before Placed' });
    expect(fold([])).toBeNull();
  });
});

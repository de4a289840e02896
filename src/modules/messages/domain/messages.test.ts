import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsmLength, messagesFor, type MessageSettings } from './messages.js';
import type { OrderState, PlacedSnapshot } from '../../ordering/index.js';

const placed: PlacedSnapshot = {
  owner: { userId: 'u1', email: 'rina@example.com' },
  name: 'Rina Akter',
  phone: '+8801712345678',
  address: 'Road 1, Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountBasisPoints: 0,
  lines: [{ productId: 'p1', title: 'Fox plush', category: 'Plush', image: '', size: 'L', color: 'Red', quantity: 2, unitPrice: 895, price: 1790 }],
  subtotal: 1790,
  discount: 0,
  fee: 60,
  total: 1850,
  orderNumber: 10001,
};
const order: OrderState = { id: 'o1', placed, status: 'Pending', removed: false, canceledBy: null, canceledAt: null, placedAt: new Date(0), updatedAt: new Date(0), version: 1 };
const shop: MessageSettings = { shopName: 'Test Shop', shopPhone: '+880 1711-111111' };

describe('messagesFor', () => {
  it('placed: an SMS and an email to the customer, with the number, total and what happens next', () => {
    const messages = messagesFor('Placed', order, shop);
    expect(messages).toEqual([
      { channel: 'sms', recipient: '+8801712345678', subject: null, body: 'Order 10001 placed: 1,850 BDT, cash on delivery. We will call you to confirm it. - Test Shop' },
      { channel: 'email', recipient: 'rina@example.com', subject: 'Order 10001 placed: 1,850 BDT', body: expect.stringContaining('What happens next: we will call you on +8801712345678') },
    ]);
    expect(messages[1]?.body).toContain('- Fox plush (L, Red) x 2: 1,790 BDT');
    expect(messages[1]?.body).toContain('Total: 1,850 BDT, cash on delivery');
  });

  it('placed by the staff for a customer without an account (issue 36): the same SMS, no email, the shop\'s discount and a waived fee in the totals', () => {
    const taken: OrderState = {
      ...order,
      placed: { ...placed, owner: { userId: 'customer:c1', email: '' }, discount: 100, fee: 0, total: 1690, taken: { channel: 'phone', by: { userId: 'a1', email: 'boss@shop.test' }, discount: { amount: 100, reason: 'Regular' }, feeWaived: { reason: 'Counter' } } },
    };
    const messages = messagesFor('Placed', taken, { ...shop, alertEmail: 'orders@shop.test' });
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', '+8801712345678'],
      ['email', 'orders@shop.test'],
    ]);
    expect(messages[0]?.body).toBe('Order 10001 placed: 1,690 BDT, cash on delivery. We will call you to confirm it. - Test Shop');
    expect(messages[1]?.body).toContain('Discount from the shop: -100 BDT');
    expect(messages[1]?.body).toContain('Delivery (Inside Dhaka) (waived): 0 BDT');
  });

  it('placed: the shop hears too when SHOP_ALERT_PHONE / SHOP_ALERT_EMAIL are set', () => {
    const messages = messagesFor('Placed', order, { ...shop, alertPhone: '+8801811111111', alertEmail: 'orders@shop.test' });
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['sms', '+8801712345678'],
      ['email', 'rina@example.com'],
      ['sms', '+8801811111111'],
      ['email', 'orders@shop.test'],
    ]);
    expect(messages[2]?.body).toBe('New order 10001: 1,850 BDT, Inside Dhaka, +8801712345678. - Test Shop');
    expect(messages[3]?.subject).toBe('New order 10001: 1,850 BDT');
    expect(messages[3]?.body).toContain('Customer: Rina Akter, +8801712345678, rina@example.com');
  });

  it('confirmed and canceled tell the customer only; deleted tells nobody', () => {
    expect(messagesFor('Confirmed', { ...order, status: 'Confirmed' }, { ...shop, alertEmail: 'orders@shop.test' }).map((m) => m.body.split('\n')[0])).toEqual([
      'Order 10001 confirmed: 1,850 BDT, cash on delivery. We are sending it to you now. - Test Shop',
      'Hello Rina Akter,',
    ]);
    expect(messagesFor('Canceled', order, shop)[0]?.body).toBe('Order 10001 (1,850 BDT) was canceled by the shop. Questions? Call us on +880 1711-111111. - Test Shop');
    expect(messagesFor('CanceledByCustomer', order, shop)[0]?.body).toBe('Order 10001 (1,850 BDT) is canceled, as you asked. - Test Shop');
    expect(messagesFor('Canceled', order, shop)[1]?.subject).toBe('Order 10001 canceled');
    expect(messagesFor('Deleted', order, { ...shop, alertEmail: 'orders@shop.test' })).toEqual([]);
  });

  it('a demo order (issue 17) tells nobody, whatever happens to it and whatever alerts the shop has', () => {
    const demo = { ...order, placed: { ...placed, demo: true as const } };
    const alerts = { ...shop, alertPhone: '+8801811111111', alertEmail: 'orders@shop.test' };
    for (const event of ['Placed', 'Confirmed', 'Canceled', 'CanceledByCustomer', 'Deleted'] as const) expect(messagesFor(event, demo, alerts)).toEqual([]);
  });

  it('every SMS is one GSM message for any order number and total, and shops with names of up to 30 letters', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9 .&'-]{1,30}$/);
    fc.assert(
      fc.property(fc.integer({ min: 10_001, max: 99_999_999 }), fc.integer({ min: 0, max: 10 ** 10 }), name, fc.constantFrom('Placed', 'Confirmed', 'Canceled', 'CanceledByCustomer') as fc.Arbitrary<'Placed'>, (n, total, shopName, event) => {
        const state = { ...order, placed: { ...placed, orderNumber: n, total } };
        const texts = messagesFor(event, state, { shopName, shopPhone: '+880 1711-111111', alertPhone: '+8801811111111' }).filter((m) => m.channel === 'sms');
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) {
          expect(gsmLength(text.body), text.body).not.toBeNull();
          expect(gsmLength(text.body)!, text.body).toBeLessThanOrEqual(160);
        }
      }),
    );
  });

  it('a shop name that does not fit (or is not GSM) is left off rather than making two messages', () => {
    const long = messagesFor('Placed', order, { shopName: 'X'.repeat(120) })[0]!.body;
    expect(long).toBe('Order 10001 placed: 1,850 BDT, cash on delivery. We will call you to confirm it.');
    const bangla = messagesFor('Confirmed', order, { shopName: 'ওটাকু কার্ড বাজার' })[0]!.body;
    expect(fitsOneSms(bangla)).toBe(true);
    expect(bangla).not.toContain('ওটাকু');
  });

  it('counts GSM units: the extension table costs two, other characters make it Unicode', () => {
    expect(gsmLength('abc')).toBe(3);
    expect(gsmLength('€[')).toBe(4);
    expect(gsmLength('a — b')).toBeNull();
    expect(fitsOneSms('ক'.repeat(70))).toBe(true);
    expect(fitsOneSms('ক'.repeat(71))).toBe(false);
  });
});

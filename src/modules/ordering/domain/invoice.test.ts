import { describe, expect, it } from 'vitest';
import { dhakaDateTime, invoiceOf, packingSlipOf, packingSlipsFileName } from './invoice.js';
import type { OrderState, PlacedSnapshot } from './order.js';

const placed: PlacedSnapshot = {
  owner: { userId: 'u1', email: 'rina@example.com' },
  name: 'Rina Akter',
  phone: '+8801712345678',
  address: 'Road 1, Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: 'EID10',
  discountBasisPoints: 1000,
  lines: [
    { productId: 'p1', title: 'Fox plush', category: 'Plush', image: '', size: 'L', color: 'Red', quantity: 2, unitPrice: 2000, price: 4000 },
    { productId: 'p2', title: 'Sleeves', category: 'Cards', image: '', size: '', color: '', quantity: 1, unitPrice: 1000, price: 1000 },
  ],
  subtotal: 5000,
  discount: 500,
  fee: 60,
  total: 4560,
  orderNumber: 10001,
};
const order: OrderState = { id: 'o1', placed, status: 'Pending', removed: false, canceledBy: null, canceledAt: null, placedAt: new Date('2026-11-25T18:30:00Z'), updatedAt: new Date(0), version: 1 };
const shop = { name: 'Test Shop', phone: '+880 1711-111111', email: 'help@shop.test' };

describe('invoiceOf', () => {
  it('says what the page says: shop, number, Dhaka date, customer, lines, totals in BDT, the amount to collect', () => {
    expect(invoiceOf(order, shop)).toEqual({
      kind: 'invoice',
      shop: { name: 'Test Shop', contact: ['+880 1711-111111', 'help@shop.test'] },
      title: 'Invoice',
      orderNumber: '10001',
      date: '26 Nov 2026, 00:30 (Dhaka time)',
      status: 'Pending',
      statusText: 'Pending',
      customer: { name: 'Rina Akter', email: 'rina@example.com', phone: '+8801712345678', address: 'Road 1, Dhanmondi', deliveryZone: 'Inside Dhaka' },
      lines: [
        { title: 'Fox plush', choice: 'Size L, Color Red', quantity: 2, unitPrice: '2000 BDT', price: '4000 BDT' },
        { title: 'Sleeves', choice: '', quantity: 1, unitPrice: '1000 BDT', price: '1000 BDT' },
      ],
      totals: [
        { label: 'Subtotal', amount: '5000 BDT' },
        { label: 'Discount (EID10, 10%)', amount: '-500 BDT' },
        { label: 'Delivery fee (Inside Dhaka)', amount: '60 BDT' },
        { label: 'Total', amount: '4560 BDT' },
      ],
      collect: 'Cash On Delivery: collect 4560 BDT',
      collectable: true,
    });
  });

  it('no discount line without a coupon; an order from before numbers goes by its id', () => {
    const plain = invoiceOf({ ...order, placed: { ...placed, appliedCoupon: null, discountBasisPoints: 0, discount: 0, total: 5060, orderNumber: undefined } }, { name: 'Shop' });
    expect(plain.totals.map((t) => t.label)).toEqual(['Subtotal', 'Delivery fee (Inside Dhaka)', 'Total']);
    expect(plain.orderNumber).toBe('o1');
    expect(plain.shop.contact).toEqual([]);
  });

  it('a canceled or deleted order has nothing to collect, and says why', () => {
    const byShop = invoiceOf({ ...order, status: 'Canceled', canceledBy: 'shop' }, shop);
    expect([byShop.statusText, byShop.collect, byShop.collectable]).toEqual(['Canceled', 'This order is canceled: nothing to collect.', false]);
    const byCustomer = invoiceOf({ ...order, status: 'Canceled', canceledBy: 'customer', removed: true }, shop);
    expect([byCustomer.statusText, byCustomer.collect]).toEqual(['Canceled by the customer', 'This order is canceled: nothing to collect.']);
    const deleted = invoiceOf({ ...order, status: 'Confirmed', removed: true }, shop);
    expect([deleted.statusText, deleted.collect, deleted.collectable]).toEqual(['Confirmed (deleted)', 'This order was deleted: nothing to collect.', false]);
  });
});

describe('packing slips', () => {
  it('the same order as a packing slip', () => {
    expect(packingSlipOf(order, shop)).toMatchObject({ kind: 'packing-slip', title: 'Packing slip', collect: 'Cash On Delivery: collect 4560 BDT' });
  });

  it('the file is named from the lowest number to the highest', () => {
    expect(packingSlipsFileName([{ orderNumber: '10010' }, { orderNumber: '9999' }, { orderNumber: '10002' }])).toBe('packing-slips-9999-10010.pdf');
    expect(packingSlipsFileName([{ orderNumber: '10001' }])).toBe('packing-slips-10001.pdf');
  });
});

describe('dhakaDateTime', () => {
  it('is UTC+06:00 all year', () => {
    expect(dhakaDateTime(new Date('2026-06-30T17:59:00Z'))).toBe('30 Jun 2026, 23:59 (Dhaka time)');
    expect(dhakaDateTime(new Date('2026-12-31T18:00:00Z'))).toBe('1 Jan 2027, 00:00 (Dhaka time)');
  });
});

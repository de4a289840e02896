import { describe, expect, it } from 'vitest';
import { dhakaDateTime, invoiceOf, packingSlipOf, packingSlipsFileName } from './invoice.js';
import type { OrderState, PlacedSnapshot } from '../../ordering/index.js';

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
      lang: 'en',
      labels: {
        order: 'Order 10001',
        status: 'Status',
        continued: '(continued)',
        customer: 'Bill to and deliver to',
        phone: 'Phone',
        address: 'Address',
        deliveryZone: 'Delivery zone',
        email: 'Email',
        item: 'Item',
        quantity: 'Qty',
        unitPrice: 'Unit price',
        price: 'Price',
        choice: 'Size / color',
        thanks: 'Payment: Cash On Delivery. Thank you for shopping with Test Shop.',
        count: '3 items in 2 lines',
      },
      shop: { name: 'Test Shop', contact: ['+880 1711-111111', 'help@shop.test'] },
      title: 'Invoice',
      orderNumber: '10001',
      date: '26 Nov 2026, 00:30 (Dhaka time)',
      status: 'Pending',
      statusText: 'Pending',
      customer: { name: 'Rina Akter', email: 'rina@example.com', phone: '+8801712345678', address: 'Road 1, Dhanmondi', deliveryZone: 'Inside Dhaka' },
      lines: [
        { title: 'Fox plush', choice: 'Size L, Color Red', quantity: 2, quantityText: '2', unitPrice: '2,000 BDT', price: '4,000 BDT' },
        { title: 'Sleeves', choice: '', quantity: 1, quantityText: '1', unitPrice: '1,000 BDT', price: '1,000 BDT' },
      ],
      totals: [
        { label: 'Subtotal', amount: '5,000 BDT' },
        { label: 'Discount (EID10, 10%)', amount: '-500 BDT' },
        { label: 'Delivery fee (Inside Dhaka)', amount: '60 BDT' },
        { label: 'Total', amount: '4,560 BDT' },
      ],
      collect: 'Cash On Delivery: collect 4,560 BDT',
      collectable: true,
      courier: null,
    });
  });

  it("an order the staff took (issue 36): the coupon's discount and the shop's on lines of their own, a waived fee said so", () => {
    const taken: OrderState = {
      ...order,
      placed: { ...placed, owner: { userId: 'customer:c1', email: '' }, discount: 700, fee: 0, total: 4300, taken: { channel: 'phone', by: { userId: 'a1', email: 'boss@shop.test' }, discount: { amount: 200, reason: 'Regular' }, feeWaived: { reason: 'Counter' } } },
    };
    expect(invoiceOf(taken, shop).totals).toEqual([
      { label: 'Subtotal', amount: '5,000 BDT' },
      { label: 'Discount (EID10, 10%)', amount: '-500 BDT' },
      { label: 'Discount from the shop', amount: '-200 BDT' },
      { label: 'Delivery fee (Inside Dhaka), waived', amount: '0 BDT' },
      { label: 'Total', amount: '4,300 BDT' },
    ]);
    expect(invoiceOf(taken, shop, 'bn').totals.map((t) => t.label)).toContain('দোকানের ছাড়');
  });

  it('no discount line without a coupon; an order from before numbers goes by its id', () => {
    const plain = invoiceOf({ ...order, placed: { ...placed, appliedCoupon: null, discountBasisPoints: 0, discount: 0, total: 5060, orderNumber: undefined } }, { name: 'Shop' });
    expect(plain.totals.map((t) => t.label)).toEqual(['Subtotal', 'Delivery fee (Inside Dhaka)', 'Total']);
    expect(plain.orderNumber).toBe('o1');
    expect(plain.shop.contact).toEqual([]);
  });

  it('an order without a delivery zone (imported from the original product) says no empty "()"', () => {
    const imported = invoiceOf({ ...order, placed: { ...placed, deliveryLocation: '' } }, { name: 'Shop' });
    expect(imported.totals.map((t) => t.label)).toContain('Delivery fee');
    expect(invoiceOf({ ...order, placed: { ...placed, deliveryLocation: '' } }, { name: 'Shop' }, 'bn').totals.map((t) => t.label).join(' ')).not.toContain('()');
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

describe('an order placed in Bengali (issue 18)', () => {
  const bengaliOrder: OrderState = { ...order, placed: { ...placed, lang: 'bn' } };

  it('its invoice is in Bengali: labels, Bengali digits, টাকা, the Dhaka date and what to collect', () => {
    const doc = invoiceOf(bengaliOrder, shop);
    expect(doc).toMatchObject({
      lang: 'bn',
      title: 'ইনভয়েস',
      orderNumber: '10001',
      date: expect.stringMatching(/^২৬ নভে.*২০২৬, ০০:৩০ \(ঢাকার সময়\)$/) as unknown,
      statusText: 'অপেক্ষমাণ',
      customer: { name: 'Rina Akter', email: 'rina@example.com', phone: '+8801712345678', address: 'Road 1, Dhanmondi', deliveryZone: 'ঢাকার ভিতরে' },
      lines: [
        { title: 'Fox plush', choice: 'সাইজ L, রং Red', quantity: 2, quantityText: '২', unitPrice: '২,০০০ টাকা', price: '৪,০০০ টাকা' },
        { title: 'Sleeves', choice: '', quantity: 1, quantityText: '১', unitPrice: '১,০০০ টাকা', price: '১,০০০ টাকা' },
      ],
      totals: [
        { label: 'সাবটোটাল', amount: '৫,০০০ টাকা' },
        { label: 'ছাড় (EID10, ১০%)', amount: '-৫০০ টাকা' },
        { label: 'ডেলিভারি চার্জ (ঢাকার ভিতরে)', amount: '৬০ টাকা' },
        { label: 'মোট', amount: '৪,৫৬০ টাকা' },
      ],
      collect: 'ক্যাশ অন ডেলিভারি: ৪,৫৬০ টাকা আদায় করুন',
      collectable: true,
    });
    expect(doc.labels).toMatchObject({ order: 'অর্ডার ১০০০১', status: 'অবস্থা', customer: 'বিল ও ডেলিভারির ঠিকানা', phone: 'ফোন', item: 'পণ্য', quantity: 'পরিমাণ' });
    expect(doc.labels.thanks).toBe('পেমেন্ট: ক্যাশ অন ডেলিভারি। Test Shop-এ কেনাকাটার জন্য ধন্যবাদ।');
  });

  it('canceled, deleted and packing slips in Bengali; English when asked (?lang=en)', () => {
    expect(invoiceOf({ ...bengaliOrder, status: 'Canceled', canceledBy: 'customer', removed: true }, shop)).toMatchObject({ statusText: 'ক্রেতা বাতিল করেছেন', collect: 'অর্ডারটি বাতিল: কিছুই আদায় করতে হবে না।', collectable: false });
    expect(invoiceOf({ ...bengaliOrder, status: 'Confirmed', removed: true }, shop).statusText).toBe('নিশ্চিত (মুছে ফেলা)');
    const slip = packingSlipOf(bengaliOrder, shop);
    expect(slip).toMatchObject({ title: 'প্যাকিং স্লিপ', labels: { customer: 'ডেলিভারির ঠিকানা', choice: 'সাইজ / রং', count: '২ লাইনে মোট ৩টি পণ্য' } });
    expect(invoiceOf(bengaliOrder, shop, 'en')).toEqual(invoiceOf(order, shop));
    expect(invoiceOf(order, shop, 'bn')).toEqual(invoiceOf(bengaliOrder, shop));
  });

  it('an order from before numbers keeps its id as it is in Bengali', () => {
    const old = invoiceOf({ ...bengaliOrder, id: '0a1b2c', placed: { ...bengaliOrder.placed, orderNumber: undefined } }, shop);
    expect([old.orderNumber, old.labels.order]).toEqual(['0a1b2c', 'অর্ডার 0a1b2c']);
  });
});

describe('packing slips', () => {
  it('the same order as a packing slip', () => {
    expect(packingSlipOf(order, shop)).toMatchObject({ kind: 'packing-slip', title: 'Packing slip', collect: 'Cash On Delivery: collect 4,560 BDT' });
    expect(packingSlipOf(order, shop).labels).toMatchObject({ customer: 'Deliver to', count: '3 items in 2 lines' });
  });

  it('names the courier and its tracking code once booked, and the thana and district chosen at checkout (issue 34)', () => {
    expect(packingSlipOf(order, shop).courier).toBeNull();
    const booked: OrderState = {
      ...order,
      status: 'Confirmed',
      placed: { ...placed, address: 'House 5, Road 2', district: 'Dhaka', thana: 'Savar' },
      delivery: { courier: 'steadfast', consignmentId: '1001', trackingCode: 'SFR7A', codAmount: 4560, deliveryCharge: null, status: 'booked', collectedAmount: null, message: null, messageBn: null, bookedAt: new Date(0), updatedAt: new Date(0), returnReceivedAt: null, settled: null },
    };
    expect(packingSlipOf(booked, shop)).toMatchObject({ courier: 'Courier: Steadfast, tracking code SFR7A', customer: { address: 'House 5, Road 2, Savar, Dhaka' } });
    expect(packingSlipOf(booked, shop, 'bn').courier).toBe('কুরিয়ার: স্টেডফাস্ট, ট্র্যাকিং কোড SFR7A');
    // An address that names its thana already is not told it twice.
    expect(packingSlipOf({ ...booked, placed: { ...booked.placed, address: 'Flat 2, Savar Bazar' } }, shop).customer.address).toBe('Flat 2, Savar Bazar, Dhaka');
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

import { describe, expect, it } from 'vitest';
import type { KnownCustomer } from './api/take-order';
import type { CatalogueProduct } from './order-edit';
import { emptyTakeForm, knownDetails, readTaka, readTakeForm, type TakeForm } from './take-order';

const fox = 'a'.repeat(24);
const tee = 'b'.repeat(24);
const products = new Map<string, CatalogueProduct>([
  [fox, { sizes: [], colors: [], price: 500 }],
  [tee, { sizes: ['M', 'L'], colors: ['Red'], price: 800 }],
]);
const filled: TakeForm = {
  ...emptyTakeForm('bn'),
  phone: '০১৮১২-৩৪৫৬৭৮',
  name: ' Karim Uddin ',
  address: 'Shop 3, New Market',
  district: 'Dhaka',
  thana: 'Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  lines: [
    { key: 'line-1', productId: fox, title: 'Fox', size: '', color: '', quantity: '2' },
    { key: 'line-2', productId: tee, title: 'Tee', size: 'L', color: 'Red', quantity: '১' },
  ],
  channel: 'messenger',
};

describe('the desk taking an order (issue 36)', () => {
  it('reads a filled form as POST /api/orders/staff takes it', () => {
    expect(readTakeForm({ ...filled, coupon: ' EID10 ', discount: '১৫০', discountReason: ' Regular ', waiveFee: true, waiveReason: 'Counter' }, products)).toEqual({
      ok: true,
      body: {
        customer: { name: 'Karim Uddin', phone: '+8801812345678', address: 'Shop 3, New Market', district: 'Dhaka', thana: 'Dhanmondi' },
        lines: [
          { productId: fox, size: '', color: '', quantity: 2 },
          { productId: tee, size: 'L', color: 'Red', quantity: 1 },
        ],
        deliveryLocation: 'Inside Dhaka',
        appliedCoupon: 'EID10',
        channel: 'messenger',
        discount: { amount: 150, reason: 'Regular' },
        waiveDeliveryFee: { reason: 'Counter' },
        lang: 'bn',
      },
    });
    // No discount, no waiver, no coupon: none sent.
    const plain = readTakeForm(filled, products);
    expect(plain.ok && plain.body).toMatchObject({ channel: 'messenger' });
    expect(plain.ok && ('discount' in plain.body || 'waiveDeliveryFee' in plain.body || 'appliedCoupon' in plain.body)).toBe(false);
  });

  it('says what is missing or wrong, field by field and line by line', () => {
    const read = readTakeForm(
      {
        ...filled,
        phone: '12345',
        name: '',
        thana: '',
        lines: [
          { key: 'a', productId: tee, title: 'Tee', size: '', color: 'Red', quantity: '1' },
          { key: 'b', productId: fox, title: 'Fox', size: '', color: '', quantity: '0' },
          { key: 'c', productId: fox, title: 'Fox', size: '', color: '', quantity: '1' },
        ],
        discount: '12.5',
        waiveFee: true,
        waiveReason: ' ',
      },
      products,
    );
    expect(read).toEqual({
      ok: false,
      errors: {
        fields: { phone: 'takeOrder.error.phone', name: 'takeOrder.error.name', thana: 'takeOrder.error.thana', discount: 'takeOrder.error.discount', waiveReason: 'takeOrder.error.waiveReason' },
        lines: { a: 'takeOrder.error.size', b: 'takeOrder.error.quantity', c: 'takeOrder.error.duplicate' },
      },
    });
    expect(readTakeForm({ ...filled, lines: [] }, products)).toEqual({ ok: false, errors: { fields: {}, lines: {}, form: 'takeOrder.error.noLines' } });
    expect(readTakeForm({ ...filled, discount: '100' }, products)).toEqual({ ok: false, errors: { fields: { discountReason: 'takeOrder.error.discountReason' }, lines: {} } });
    expect(readTakeForm({ ...filled, discount: '50', discountReason: 'x'.repeat(201) }, products)).toEqual({ ok: false, errors: { fields: { discountReason: 'takeOrder.error.reasonTooLong' }, lines: {} } });
  });

  it('reads taka as typed, Bengali digits too', () => {
    expect([readTaka(''), readTaka(' ২০০ '), readTaka('50'), readTaka('-5'), readTaka('1.5'), readTaka('abc')]).toEqual([0, 200, 50, null, null, null]);
  });

  it("fills the customer from the phone's record, else from its newest order, else nothing", () => {
    const history = { placed: 1, pending: 1, confirmed: 0, canceledByShop: 0, canceledByCustomer: 0, delivered: 0, returned: 0 };
    const lastOrder = { orderNumber: 10001, name: 'Karim Online', address: 'Road 1', district: 'Dhaka', thana: 'Savar', deliveryLocation: 'Suburbs Dhaka', orderTime: '2026-01-01T00:00:00.000Z' };
    const record = { id: 'c1', phone: '+8801812345678', name: 'Karim U.', address: 'Shop 9', district: null, thana: null, deliveryLocation: 'Outside Dhaka' as const, claimed: false, createdAt: '', updatedAt: '' };
    const known = (over: Partial<KnownCustomer>): KnownCustomer => ({ phone: '+8801812345678', customer: null, lastOrder: null, history, ...over });
    expect(knownDetails(known({ customer: record, lastOrder }))).toEqual({ name: 'Karim U.', address: 'Shop 9', district: '', thana: '', deliveryLocation: 'Outside Dhaka' });
    expect(knownDetails(known({ customer: { ...record, name: '' }, lastOrder }))).toEqual({ name: 'Karim Online', address: 'Road 1', district: 'Dhaka', thana: 'Savar', deliveryLocation: 'Suburbs Dhaka' });
    expect(knownDetails(known({}))).toEqual({});
  });
});

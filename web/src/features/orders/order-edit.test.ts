import { describe, expect, it } from 'vitest';
import type { OrderView } from './api/get-order';
import { editable, editFormOf, editTotals, readEditForm, readQuantity, type CatalogueProduct, type EditForm } from './order-edit';

const fox = 'a'.repeat(24);
const tee = 'b'.repeat(24);
const line = (productId: string, title: string, size: string, quantity: number, unitPrice: number) => ({
  productId,
  title,
  category: 'Plush',
  image: '',
  size,
  color: '',
  quantity,
  unitPrice,
  price: unitPrice * quantity,
});

const order = {
  _id: 'c'.repeat(24),
  orderNumber: 10001,
  name: 'Rina Akter',
  email: 'rina@example.com',
  phone: '+8801712345678',
  address: 'House 5, Road 2',
  district: 'Dhaka',
  thana: 'Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: null,
  discountPercent: 0,
  subtotal: 1000,
  discount: 0,
  fee: 60,
  amount: 1060,
  cartItems: [line(fox, 'Fox Plush', '', 2, 500)],
  lineCount: 1,
  status: 'Pending',
  canceledBy: null,
  orderTime: '2026-11-29T08:00:00.000Z',
  delivery: null,
  advance: null,
  version: 3,
  removed: false,
  deleted: false,
  taken: null,
} satisfies OrderView;

/** The catalogue now: the fox costs more than the order's line; the tee comes in M and L. */
const products = new Map<string, CatalogueProduct>([
  [fox, { sizes: [], colors: [], price: 650 }],
  [tee, { sizes: ['M', 'L'], colors: [], price: 800 }],
]);

const withForm = (change: Partial<EditForm>): EditForm => ({ ...editFormOf(order), reason: 'Customer called', ...change });
const teeLine = { key: 'new-1', productId: tee, title: 'Pikachu Tee', size: 'L', color: '', quantity: '1' };

describe("an order's change (issue 36): when", () => {
  it('is offered for a Pending or Confirmed order, listed, not booked, not awaiting its advance', () => {
    expect(editable(order)).toBe(true);
    expect(editable({ ...order, status: 'Confirmed' })).toBe(true);
    expect(editable({ ...order, status: 'Canceled' })).toBe(false);
    expect(editable({ ...order, removed: true })).toBe(false);
    expect(editable({ ...order, delivery: {} as NonNullable<OrderView['delivery']> })).toBe(false);
    expect(editable({ ...order, advance: { status: 'awaiting' } as NonNullable<OrderView['advance']> })).toBe(false);
    expect(editable({ ...order, advance: { status: 'paid' } as NonNullable<OrderView['advance']> })).toBe(true);
  });
});

describe("an order's change: the form's lines as the request's body", () => {
  it('sends the reason, the version and only what changed: all the lines when one changed', () => {
    const read = readEditForm(withForm({ lines: [{ ...editFormOf(order).lines[0]!, quantity: '3' }, teeLine], address: ' House 9, Road 12 ' }), order, products);
    expect(read).toEqual({
      ok: true,
      edit: {
        reason: 'Customer called',
        version: 3,
        address: 'House 9, Road 12',
        lines: [
          { productId: fox, size: '', color: '', quantity: 3 },
          { productId: tee, size: 'L', color: '', quantity: 1 },
        ],
      },
    });
  });

  it('sends the district and thana together with the zone they name, and a new phone as typed', () => {
    const read = readEditForm(withForm({ district: 'Dhaka', thana: 'Savar', deliveryLocation: 'Suburbs Dhaka', phone: '01812 345678' }), order, products);
    expect(read).toEqual({ ok: true, edit: { reason: 'Customer called', version: 3, phone: '01812 345678', district: 'Dhaka', thana: 'Savar', deliveryLocation: 'Suburbs Dhaka' } });
    // The same number written otherwise is no change.
    expect(readEditForm(withForm({ phone: '+880 1712-345678', name: 'Rina' }), order, products)).toEqual({ ok: true, edit: { reason: 'Customer called', version: 3, name: 'Rina' } });
  });

  it('reads Bengali digits in a quantity and refuses 0, 100, or not a whole number', () => {
    expect(readQuantity('৩')).toBe(3);
    expect(readQuantity(' 99 ')).toBe(99);
    for (const text of ['0', '100', '1.5', '', 'two', '-1']) expect(readQuantity(text)).toBeNull();
    const read = readEditForm(withForm({ lines: [{ ...editFormOf(order).lines[0]!, quantity: '0' }] }), order, products);
    expect(read).toEqual({ ok: false, errors: { fields: {}, lines: { 'line-0': 'orderEdit.error.quantity' } } });
  });

  it('asks a size of a new line of a product that has sizes, and one line per variant', () => {
    const noSize = readEditForm(withForm({ lines: [...editFormOf(order).lines, { ...teeLine, size: '' }] }), order, products);
    expect(noSize).toEqual({ ok: false, errors: { fields: {}, lines: { 'new-1': 'orderEdit.error.size' } } });
    const twice = readEditForm(withForm({ lines: [...editFormOf(order).lines, teeLine, { ...teeLine, key: 'new-2' }] }), order, products);
    expect(twice).toEqual({ ok: false, errors: { fields: {}, lines: { 'new-2': 'orderEdit.error.duplicate' } } });
  });

  it('keeps a line with no size the order has, though its product now has sizes (an older order)', () => {
    const older = { ...order, cartItems: [line(tee, 'Pikachu Tee', '', 1, 700)] };
    const read = readEditForm({ ...editFormOf(older), reason: 'One more', lines: [{ ...editFormOf(older).lines[0]!, quantity: '2' }] }, older, products);
    expect(read).toEqual({ ok: true, edit: { reason: 'One more', version: 3, lines: [{ productId: tee, size: '', color: '', quantity: 2 }] } });
  });

  it('asks why, at most 200 characters; a line at least; and something to change', () => {
    expect(readEditForm(withForm({ reason: '  ', address: 'Road 7' }), order, products)).toEqual({ ok: false, errors: { fields: { reason: 'orderEdit.error.reason' }, lines: {} } });
    expect(readEditForm(withForm({ reason: 'x'.repeat(201), address: 'Road 7' }), order, products)).toEqual({ ok: false, errors: { fields: { reason: 'orderEdit.error.reasonTooLong' }, lines: {} } });
    expect(readEditForm(withForm({ lines: [] }), order, products)).toEqual({ ok: false, errors: { fields: {}, lines: {}, form: 'orderEdit.error.noLines' } });
    expect(readEditForm(withForm({}), order, products)).toEqual({ ok: false, errors: { fields: {}, lines: {}, form: 'orderEdit.error.nothing' } });
  });

  it('refuses an empty name or address, a phone that is not a Bangladeshi mobile, a district without its thana', () => {
    const read = readEditForm(withForm({ name: ' ', address: '', phone: '12345', thana: '' }), order, products);
    expect(read).toEqual({
      ok: false,
      errors: { fields: { name: 'orderEdit.error.name', phone: 'orderEdit.error.phone', address: 'orderEdit.error.address', thana: 'orderEdit.error.thana' }, lines: {} },
    });
  });
});

describe("an order's change: the new totals shown before saving", () => {
  it("keep the order's price for a variant it has and take the catalogue's for a new one, with the zone's fee", () => {
    const lines = [{ ...editFormOf(order).lines[0]!, quantity: '3' }, teeLine];
    expect(editTotals({ lines, deliveryLocation: 'Inside Dhaka' }, order, products)).toEqual({ subtotal: 2300, discountBasisPoints: 0, discount: 0, fee: 60, total: 2360 });
    expect(editTotals({ lines, deliveryLocation: 'Suburbs Dhaka' }, order, products)?.total).toBe(2380);
  });

  it("take the order's coupon percentage, rounded as the server rounds it", () => {
    const coupon = { ...order, discountPercent: 12.5 };
    // 1,500 x 12.5 % = 187.5: halves round up.
    expect(editTotals({ lines: [{ ...editFormOf(order).lines[0]!, quantity: '3' }], deliveryLocation: 'Inside Dhaka' }, coupon, products)).toEqual({ subtotal: 1500, discountBasisPoints: 1250, discount: 188, fee: 60, total: 1372 });
  });

  it('are not shown while a quantity is wrong, a new price is not known, or no zone is set', () => {
    expect(editTotals({ lines: [{ ...editFormOf(order).lines[0]!, quantity: '' }], deliveryLocation: 'Inside Dhaka' }, order, products)).toBeNull();
    expect(editTotals({ lines: [teeLine], deliveryLocation: 'Inside Dhaka' }, order, new Map())).toBeNull();
    expect(editTotals({ lines: editFormOf(order).lines, deliveryLocation: '' }, order, products)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isBangladeshiMobile, normalizePhone, validateCheckout } from './checkout-rules';
import { readOrderNow } from './order-now';

describe('checkout rules', () => {
  it('accepts Bangladeshi mobile numbers, with or without +88, spaces and dashes', () => {
    for (const phone of ['01712345678', '+8801712345678', '8801912345678', '01712-345678', '017 1234 5678', '+88 017-1234-5678']) {
      expect(isBangladeshiMobile(phone), phone).toBe(true);
    }
    for (const phone of ['', '0171234567', '017123456789', '01212345678', '+4401712345678', '0171234567a', '1712345678']) {
      expect(isBangladeshiMobile(phone), phone).toBe(false);
    }
    expect(normalizePhone(' 017-1234 5678 ')).toBe('01712345678');
  });

  it('requires every field, and a value of only spaces is empty', () => {
    const ok = { name: 'Rina', phone: '01712345678', address: 'Road 1', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
    expect(validateCheckout(ok)).toEqual({});
    expect(Object.keys(validateCheckout({ name: ' ', phone: '', address: '  ', deliveryLocation: '', paymentMethod: '' }))).toEqual([
      'name',
      'phone',
      'address',
      'deliveryLocation',
      'paymentMethod',
    ]);
    expect(validateCheckout({ ...ok, deliveryLocation: 'Mars' })).toHaveProperty('deliveryLocation');
    expect(validateCheckout({ ...ok, paymentMethod: 'Card' })).toHaveProperty('paymentMethod');
    expect(validateCheckout({ ...ok, phone: '12345' }).phone).toMatch(/Bangladeshi mobile number/);
  });

  it('reads only a well-formed Order Now item from the router state', () => {
    const item = { productId: 'p1', title: 'Fox', image: '/uploads/a.webp', size: '', color: 'Red', quantity: 2, unitPrice: 1400 };
    expect(readOrderNow({ orderNow: item })).toEqual(item);
    expect(readOrderNow(null)).toBeNull();
    expect(readOrderNow({ from: '/x' })).toBeNull();
    expect(readOrderNow({ orderNow: { ...item, quantity: 0 } })).toBeNull();
    expect(readOrderNow({ orderNow: { ...item, quantity: 1.5 } })).toBeNull();
    expect(readOrderNow({ orderNow: { ...item, productId: 7 } })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { purchaseStep } from './purchase';

describe('what Add to Cart and Order Now lead to', () => {
  it("are a signed-in customer's own, whatever the shop takes", () => {
    for (const guestCheckout of [false, true]) {
      expect(purchaseStep('add-to-cart', true, guestCheckout)).toBe('purchase');
      expect(purchaseStep('order-now', true, guestCheckout)).toBe('purchase');
    }
  });

  it('send a visitor to log in when the shop takes no guest orders (the spec)', () => {
    expect(purchaseStep('add-to-cart', false, false)).toBe('log-in');
    expect(purchaseStep('order-now', false, false)).toBe('log-in');
  });

  it("take a visitor's Order Now to the guest checkout when the shop takes guest orders, never Add to Cart", () => {
    expect(purchaseStep('order-now', false, true)).toBe('guest-order');
    expect(purchaseStep('add-to-cart', false, true)).toBe('log-in');
  });
});

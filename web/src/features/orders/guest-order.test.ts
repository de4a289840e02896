import { describe, expect, it } from 'vitest';
import { guestOrderInput, trackLink, type OrderDelivery } from './guest-order';
import type { OrderNowItem } from './order-now';

const delivery: OrderDelivery = {
  name: 'Rina Akter',
  phone: '01712345678',
  address: 'House 5, Road 2, Dhanmondi',
  district: 'Dhaka',
  thana: 'Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  amount: 580,
};
const item: OrderNowItem = { productId: 'p1', title: 'Owl Mug', image: '', size: 'M', color: 'Red', sizeLabel: 'এম', colorLabel: 'লাল', quantity: 2, unitPrice: 260 };

describe('a guest order', () => {
  it('sends the Order Now item as its one line, with the variant and quantity only (the server prices it)', () => {
    expect(guestOrderInput(delivery, item, undefined)).toEqual({ ...delivery, items: [{ productId: 'p1', size: 'M', color: 'Red', quantity: 2 }] });
  });

  it("carries the phone code's proof when there is one, and never a coupon", () => {
    const input = guestOrderInput(delivery, item, 'proof-1');
    expect(input.phoneProof).toBe('proof-1');
    expect(input).not.toHaveProperty('appliedCoupon');
    expect(guestOrderInput(delivery, item, '')).not.toHaveProperty('phoneProof');
  });

  it('links to /track with its number', () => {
    expect(trackLink('/track', 1042)).toBe('/track?order=1042');
  });
});

import { describe, expect, it } from 'vitest';
import type { OrderState } from '../../ordering/index.js';
import { csvStream } from './orders-export-http.js';

const order = (n: number): OrderState => ({
  id: `o${n}`,
  placed: {
    owner: { userId: 'u', email: 'u@example.com' },
    name: `Customer ${n}`,
    phone: '+8801712345678',
    address: 'Road 1',
    deliveryLocation: 'Inside Dhaka',
    paymentMethod: 'Cash On Delivery',
    appliedCoupon: null,
    discountBasisPoints: 0,
    lines: [{ productId: 'p', title: 'Fox Tee', category: 'Tees', image: '', size: '', color: '', quantity: 1, unitPrice: 100, price: 100 }],
    subtotal: 100,
    discount: 0,
    fee: 60,
    total: 160,
    orderNumber: n,
  },
  status: 'Pending',
  removed: false,
  canceledBy: null,
  canceledAt: null,
  placedAt: new Date(0),
  updatedAt: new Date(0),
  version: 1,
});

describe('the CSV stream', () => {
  it('reads the next page only when the reader asks, and stops reading when the reader goes away', async () => {
    let read = 0;
    let ended = false;
    async function* pages() {
      try {
        for (;;) {
          read++;
          yield [order(read)];
        }
      } finally {
        ended = true;
      }
    }
    const reader = csvStream('head\r\n', pages()).getReader();
    const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
    expect(decode((await reader.read()).value)).toBe('head\r\n');
    await new Promise((r) => setTimeout(r, 50));
    // Nothing asked beyond the head yet: no page was read ahead.
    expect(read).toBe(0);
    expect(decode((await reader.read()).value)).toMatch(/^1,/);
    expect(decode((await reader.read()).value)).toMatch(/^2,/);
    await new Promise((r) => setTimeout(r, 50));
    expect(read).toBe(2);
    await reader.cancel();
    expect(ended).toBe(true);
  });

  it('ends when the pages do', async () => {
    async function* pages() {
      yield [order(1), order(2)];
    }
    const text = await new Response(csvStream('head\r\n', pages())).text();
    expect(text.split('\r\n').map((line) => line.split(',')[0])).toEqual(['head', '1', '2', '']);
  });
});

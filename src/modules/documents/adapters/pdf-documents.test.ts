import { describe, expect, it } from 'vitest';
import { invoiceOf } from '../domain/invoice.js';
import type { OrderState } from '../../ordering/index.js';
import { createPdfRenderer, scriptRuns } from './pdf-documents.js';

describe('scriptRuns', () => {
  it('splits Latin and Bengali; spaces, digits and punctuation stay with the run they stand in', () => {
    expect(scriptRuns('Address: বাড়ি ১২, রোড ৫, ধানমন্ডি — near the lake')).toEqual([
      { text: 'Address: ', script: 'latin' },
      { text: 'বাড়ি ১২, রোড ৫, ধানমন্ডি ', script: 'bengali' },
      { text: '— near the lake', script: 'latin' },
    ]);
  });

  it('leading neutrals join the first run; a text of neutrals only is Latin', () => {
    expect(scriptRuns('12, রহিম')).toEqual([{ text: '12, রহিম', script: 'bengali' }]);
    expect(scriptRuns('+880 17')).toEqual([{ text: '+880 17', script: 'latin' }]);
    expect(scriptRuns('')).toEqual([]);
  });
});

describe('renderPdf', () => {
  const order: OrderState = {
    id: 'o1',
    placed: {
      owner: { userId: 'u1', email: 'rina@example.com' },
      name: 'রহিম উদ্দিন',
      phone: '+8801712345678',
      address: 'Road 1, Dhanmondi',
      deliveryLocation: 'Inside Dhaka',
      paymentMethod: 'Cash On Delivery',
      appliedCoupon: null,
      discountBasisPoints: 0,
      lines: [{ productId: 'p1', title: 'Fox plush', category: 'Plush', image: '', size: '', color: '', quantity: 1, unitPrice: 900, price: 900 }],
      subtotal: 900,
      discount: 0,
      fee: 60,
      total: 960,
      orderNumber: 10001,
    },
    status: 'Pending',
    removed: false,
    canceledBy: null,
    canceledAt: null,
    placedAt: new Date(0),
    updatedAt: new Date(0),
    version: 1,
  };
  const doc = invoiceOf(order, { name: 'Test Shop' });
  const closed = () => new Promise((resolve) => setTimeout(resolve, 20));

  const read = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

  it('draws `atOnce` at a time shop-wide and lets `maxWaiting` wait; past that busy, and a slot is free again when one is read or given up', async () => {
    const render = createPdfRenderer({ atOnce: 1, maxWaiting: 1, perCustomer: 5 });
    const first = render([doc], 'Invoice', 'a');
    const second = render([doc], 'Invoice', 'b');
    const third = await render([doc], 'Invoice', 'c');
    expect(third.ok || third.error.code).toBe('ordering/documents-busy');
    const one = await first;
    if (!one.ok) throw new Error(one.error.code);
    const bytes = await read(one.value);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const two = await second;
    if (!two.ok) throw new Error(two.error.code);
    await two.value.cancel();
    await closed();
    expect(render.stats()).toEqual({ drawing: 0, waiting: 0, customers: 0 });
    const again = await render([doc], 'Invoice', 'c');
    if (!again.ok) throw new Error(again.error.code);
    expect((await read(again.value)).length).toBeGreaterThan(1000);
  });

  it('one customer has at most `perCustomer` PDFs in progress until they are read', async () => {
    const render = createPdfRenderer({ atOnce: 4, maxWaiting: 4, perCustomer: 2 });
    const mine = await Promise.all([render([doc], 'Invoice', 'u1'), render([doc], 'Invoice', 'u1')]);
    const third = await render([doc], 'Invoice', 'u1');
    expect(third.ok || third.error.code).toBe('ordering/documents-in-progress');
    const someoneElse = await render([doc], 'Invoice', 'u2');
    expect(someoneElse.ok).toBe(true);
    for (const r of [...mine, someoneElse]) if (r.ok) await read(r.value);
    await closed();
    const after = await render([doc], 'Invoice', 'u1');
    expect(after.ok).toBe(true);
    if (after.ok) await after.value.cancel();
  });
});

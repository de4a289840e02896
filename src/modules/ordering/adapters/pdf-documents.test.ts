import { describe, expect, it } from 'vitest';
import { invoiceOf } from '../domain/invoice.js';
import type { OrderState } from '../domain/order.js';
import { maxPdfsAtOnce, renderPdf, scriptRuns } from './pdf-documents.js';

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

  it(`writes at most ${maxPdfsAtOnce} PDFs at once; a slot is free again when one is read or given up`, async () => {
    const streams = await Promise.all(Array.from({ length: maxPdfsAtOnce }, () => renderPdf([doc], 'Invoice')));
    expect(streams.every(Boolean)).toBe(true);
    expect(await renderPdf([doc], 'Invoice')).toBeNull();
    const bytes = new Uint8Array(await new Response(streams[0]!).arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    await closed();
    const again = await renderPdf([doc], 'Invoice');
    expect(again).not.toBeNull();
    for (const stream of [...streams.slice(1), again]) await stream!.cancel();
    await closed();
    const all = await Promise.all(Array.from({ length: maxPdfsAtOnce }, () => renderPdf([doc], 'Invoice')));
    expect(all.every(Boolean)).toBe(true);
    for (const stream of all) await stream!.cancel();
  });
});

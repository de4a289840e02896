import { describe, expect, it } from 'vitest';
import { fitsOneSms, messagesFor, type MessageSettings } from './messages.js';
import type { OrderState, PlacedSnapshot } from '../../ordering/index.js';

const placed: PlacedSnapshot = {
  owner: { userId: 'u1', email: 'rina@example.com' },
  name: 'রিনা আক্তার',
  phone: '+8801712345678',
  address: 'রোড ১, ধানমন্ডি',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
  appliedCoupon: 'EID10',
  discountBasisPoints: 1000,
  lines: [{ productId: 'p1', title: 'Fox plush', category: 'Plush', image: '', size: 'L', color: 'Red', quantity: 2, unitPrice: 895, price: 1790 }],
  subtotal: 1790,
  discount: 179,
  fee: 60,
  total: 1671,
  orderNumber: 10001,
  lang: 'bn',
};
const order: OrderState = { id: 'o1', placed, status: 'Pending', removed: false, canceledBy: null, canceledAt: null, placedAt: new Date(0), updatedAt: new Date(0), version: 1 };
const shop: MessageSettings = { shopName: 'Test Shop', shopPhone: '+880 1711-111111', alertEmail: 'orders@shop.test', alertPhone: '+8801811111111' };

describe('messagesFor an order placed in Bengali (issue 18)', () => {
  it('placed: the customer hears in Bengali, with Bengali digits and টাকা; the shop still in English', () => {
    const [text, mail, alertSms, alertMail] = messagesFor('Placed', order, shop);
    expect(text?.body).toBe('অর্ডার ১০০০১ হয়েছে: ১,৬৭১ টাকা, ক্যাশ অন ডেলিভারি। ফোনে নিশ্চিত করব।');
    expect(mail?.subject).toBe('অর্ডার ১০০০১ হয়েছে: ১,৬৭১ টাকা');
    expect(mail?.body.split('\n')).toEqual([
      'প্রিয় রিনা আক্তার,',
      '',
      'Test Shop-এ অর্ডার ১০০০১ করার জন্য ধন্যবাদ।',
      '',
      '- Fox plush (L, Red) × ২: ১,৭৯০ টাকা',
      '',
      'সাবটোটাল: ১,৭৯০ টাকা',
      'ছাড় (EID10): -১৭৯ টাকা',
      'ডেলিভারি চার্জ (ঢাকার ভিতরে): ৬০ টাকা',
      'মোট: ১,৬৭১ টাকা, ক্যাশ অন ডেলিভারি',
      'ডেলিভারির ঠিকানা: রোড ১, ধানমন্ডি (ঢাকার ভিতরে)',
      '',
      'এরপর: অর্ডারটি নিশ্চিত করতে আমরা +8801712345678 নম্বরে ফোন করব, তারপর পাঠিয়ে দেব। পণ্য হাতে পেয়ে ১,৬৭১ টাকা দেবেন।',
      '',
      'Test Shop',
    ]);
    expect(alertSms?.body).toBe('New order 10001: 1,671 BDT, Inside Dhaka, +8801712345678. - Test Shop');
    expect(alertMail?.subject).toBe('New order 10001: 1,671 BDT');
  });

  it('confirmed, canceled by the shop and by the customer, in Bengali; deleted tells nobody', () => {
    expect(messagesFor('Confirmed', { ...order, status: 'Confirmed' }, shop).map((m) => m.subject ?? m.body)).toEqual([
      'অর্ডার ১০০০১ নিশ্চিত: ১,৬৭১ টাকা, ক্যাশ অন ডেলিভারি। এখনই পাঠাচ্ছি।',
      'অর্ডার ১০০০১ নিশ্চিত হয়েছে',
    ]);
    const canceled = messagesFor('Canceled', order, shop);
    expect(canceled[0]?.body).toBe('অর্ডার ১০০০১ (১,৬৭১ টাকা) শপ বাতিল করেছে। ফোন: +880 1711-111111');
    expect(canceled[1]?.subject).toBe('অর্ডার ১০০০১ বাতিল হয়েছে');
    expect(canceled[1]?.body).toContain('কিছু জানার থাকলে +880 1711-111111 নম্বরে ফোন করুন।');
    expect(messagesFor('CanceledByCustomer', order, shop)[0]?.body).toBe('আপনার কথামতো অর্ডার ১০০০১ (১,৬৭১ টাকা) বাতিল হয়েছে। - Test Shop');
    expect(messagesFor('Deleted', order, shop)).toEqual([]);
  });

  it('each Bengali SMS is one Unicode SMS (70 characters) up to 99,999 taka and a five-digit number', () => {
    const big: OrderState = { ...order, placed: { ...placed, total: 99_999, orderNumber: 99_999 } };
    for (const event of ['Placed', 'Confirmed', 'Canceled', 'CanceledByCustomer'] as const) {
      const text = messagesFor(event, big, { shopName: 'A shop with a rather long name', shopPhone: '+880 1711-111111' }).find((m) => m.channel === 'sms');
      expect(text && fitsOneSms(text.body), `${event}: ${text?.body}`).toBe(true);
    }
  });

  it('an order waiting for its bKash advance says nothing until paid; then the placed message with the advance, and a refund, each one SMS (issue 35)', () => {
    const advance = { provider: 'bkash' as const, amount: 1_000, reason: 'rule' as const, holdUntil: new Date(30 * 60_000).toISOString() };
    const waiting: OrderState = { ...order, removed: true, placed: { ...placed, total: 99_999, orderNumber: 99_999, advance }, advance: { ...advance, status: 'awaiting', paymentId: null, trxId: null, payer: null, paidAt: null, late: false, refund: null } };
    expect(messagesFor('Placed', waiting, shop)).toEqual([]);
    const paid: OrderState = { ...waiting, removed: false, advance: { ...waiting.advance!, status: 'paid', paymentId: 'P1', trxId: 'BHQ1ABC2DE', paidAt: new Date(60_000) } };
    const [text, mail, alert] = messagesFor('AdvancePaid', paid, shop);
    expect(text?.body.startsWith('অর্ডার ৯৯৯৯৯: বিকাশে ১,০০০ টাকা পেয়েছি, বাকি ৯৮,৯৯৯ টাকা ডেলিভারিতে।')).toBe(true);
    expect(text && fitsOneSms(text.body), text?.body).toBe(true);
    expect(mail?.body).toContain('বিকাশে দেওয়া হয়েছে: ১,০০০ টাকা (ট্রানজেকশন BHQ1ABC2DE)');
    expect(mail?.body).toContain('ডেলিভারির সময় দেবেন: ৯৮,৯৯৯ টাকা');
    expect(alert?.body).toContain('1,000 BDT paid by bKash');
    // Paid after the hold lapsed: the shop refunds it; the customer is not told the order is placed.
    expect(messagesFor('AdvancePaid', { ...paid, status: 'Canceled', advance: { ...paid.advance!, late: true } }, shop)).toEqual([]);
    const refunded: OrderState = { ...paid, status: 'Canceled', advance: { ...paid.advance!, status: 'refunded', refund: { refundTrxId: 'BHQ9XYZ8WV', amount: 1_000, reason: 'x', at: new Date(120_000) } } };
    const [refundText] = messagesFor('AdvanceRefunded', refunded, shop);
    expect(refundText?.body).toContain('BHQ9XYZ8WV');
    expect(refundText && fitsOneSms(refundText.body), refundText?.body).toBe(true);
    expect(messagesFor('PaymentExpired', waiting, shop)).toEqual([]);
  });

  it('an order without a language (placed before languages existed) and an English one stay in English', () => {
    const { lang: _none, ...old } = placed;
    for (const p of [old, { ...placed, lang: 'en' as const }]) {
      expect(messagesFor('Placed', { ...order, placed: p }, shop)[0]?.body).toBe('Order 10001 placed: 1,671 BDT, cash on delivery. We will call you to confirm it. - Test Shop');
    }
  });
});

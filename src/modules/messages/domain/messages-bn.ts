import { courierTitle } from '../../../shared/courier-names.js';
import { formatMoney, toBengaliDigits } from '../../../shared/locale-format.js';
import { discountParts } from '../../../shared/money.js';
import type { OrderEventType, OrderState } from '../../ordering/index.js';
import { cashOnDelivery, zoneInBengali, zoneInParens } from '../../ordering/index.js';

/**
 * The customer's messages about an order placed in Bengali (issue 18): what messages.ts says in
 * English, written for shoppers rather than word for word. Money as "১,৮৫০ টাকা" (Bengali digits,
 * lakh grouping), order numbers and counts in Bengali digits (a number is read out, not grouped:
 * "১০০০১"); names, addresses, phone numbers and product titles stay as the customer and the shop
 * wrote them.
 *
 * A Bengali SMS is Unicode (UCS-2): 70 characters make one SMS, so each text below stays within
 * one for an order of up to 99,999 taka with a five-digit number (messages-bn.test.ts checks it),
 * and the shop's name closes it only when it still fits, as in English.
 */

/** What of the shop's settings (messages.ts MessageSettings) the texts name. */
type ShopWords = { shopName: string; shopPhone?: string | undefined; trackUrl?: string | null | undefined };

/** What the customer is sent: the SMS, and the email's subject and lines. */
export type CustomerTexts = { sms: string; subject: string; lines: string[] };

const taka = (amount: number) => formatMoney(amount, 'bn');

/** The order's number in Bengali digits, ungrouped; orders from before numbers existed go by their id. */
export const numberInBengali = (order: OrderState): string =>
  order.placed.orderNumber === undefined ? order.id : toBengaliDigits(String(order.placed.orderNumber));

const linesOf = (order: OrderState) =>
  order.placed.lines.map((line) => {
    const choice = [line.size, line.color].filter(Boolean).join(', ');
    return `- ${line.title}${choice ? ` (${choice})` : ''} × ${toBengaliDigits(String(line.quantity))}: ${taka(line.price)}`;
  });

const totalsOf = (order: OrderState) => {
  const p = order.placed;
  const parts = discountParts({ subtotal: p.subtotal, discountBasisPoints: p.discountBasisPoints, discount: p.discount });
  return [
    `সাবটোটাল: ${taka(p.subtotal)}`,
    ...(parts.coupon > 0 ? [`ছাড়${p.appliedCoupon ? ` (${p.appliedCoupon})` : ''}: -${taka(parts.coupon)}`] : []),
    // An order the staff took (issue 36): their discount on its own line, a waived fee said so.
    ...(parts.shop > 0 ? [`দোকানের ছাড়: -${taka(parts.shop)}`] : []),
    `ডেলিভারি চার্জ${zoneInParens(zoneInBengali(p.deliveryLocation))}${p.taken?.feeWaived ? ' (মওকুফ)' : ''}: ${taka(p.fee)}`,
    ...(order.advance?.status === 'paid'
      ? [`মোট: ${taka(p.total)}`, `বিকাশে দেওয়া হয়েছে: ${taka(order.advance.amount)} (ট্রানজেকশন ${order.advance.trxId ?? ''})`, `ডেলিভারির সময় দেবেন: ${taka(cashOnDelivery(p.total, order.advance))}`]
      : [`মোট: ${taka(p.total)}, ক্যাশ অন ডেলিভারি`]),
  ];
};

/**
 * The Bengali texts of an event's messages to the customer, or null for an event that tells the
 * customer nothing (messages.ts decides who hears; this only words it).
 */
export function bengaliTexts(event: OrderEventType, order: OrderState, shop: ShopWords): CustomerTexts | null {
  const p = order.placed;
  const n = numberInBengali(order);
  const total = taka(p.total);
  const due = taka(cashOnDelivery(p.total, order.advance));
  const paid = order.advance?.status === 'paid' ? order.advance : null;
  const hello = `প্রিয় ${p.name},`;
  const sign = ['', shop.shopName];
  const zone = zoneInBengali(p.deliveryLocation);
  const questions = shop.shopPhone ? `কিছু জানার থাকলে ${shop.shopPhone} নম্বরে ফোন করুন।` : 'কিছু জানার থাকলে এই ইমেইলের উত্তর দিন।';

  switch (event) {
    case 'Placed':
    case 'AdvancePaid':
      return {
        sms: paid ? `অর্ডার ${n}: বিকাশে ${taka(paid.amount)} পেয়েছি, বাকি ${due} ডেলিভারিতে।` : `অর্ডার ${n} হয়েছে: ${total}, ক্যাশ অন ডেলিভারি। ফোনে নিশ্চিত করব।`,
        subject: `অর্ডার ${n} হয়েছে: ${total}`,
        lines: [
          hello,
          '',
          `${shop.shopName}-এ অর্ডার ${n} করার জন্য ধন্যবাদ।`,
          '',
          ...linesOf(order),
          '',
          ...totalsOf(order),
          `ডেলিভারির ঠিকানা: ${p.address}${zoneInParens(zone)}`,
          '',
          `এরপর: অর্ডারটি নিশ্চিত করতে আমরা ${p.phone} নম্বরে ফোন করব, তারপর পাঠিয়ে দেব। পণ্য হাতে পেয়ে ${due} দেবেন।`,
          ...sign,
        ],
      };
    case 'Confirmed':
      return {
        sms: `অর্ডার ${n} নিশ্চিত: ${due}, ক্যাশ অন ডেলিভারি। এখনই পাঠাচ্ছি।`,
        subject: `অর্ডার ${n} নিশ্চিত হয়েছে`,
        lines: [
          hello,
          '',
          `আপনার অর্ডার ${n} নিশ্চিত হয়েছে। আমরা এটি ${p.address}${zoneInParens(zone)} ঠিকানায় পাঠাচ্ছি; ডেলিভারির সময় ${due} হাতের কাছে রাখুন।`,
          '',
          ...linesOf(order),
          '',
          ...totalsOf(order),
          ...sign,
        ],
      };
    case 'Canceled':
      return {
        sms: `অর্ডার ${n} (${total}) শপ বাতিল করেছে।${shop.shopPhone ? ` ফোন: ${shop.shopPhone}` : ''}`,
        subject: `অর্ডার ${n} বাতিল হয়েছে`,
        lines: [hello, '', `দুঃখিত: আপনার অর্ডার ${n} (${total}) ${shop.shopName} বাতিল করেছে। আপনাকে কিছুই দিতে হবে না। ${questions}`, ...sign],
      };
    case 'CanceledByCustomer':
      return {
        sms: `আপনার কথামতো অর্ডার ${n} (${total}) বাতিল হয়েছে।`,
        subject: `অর্ডার ${n} বাতিল হয়েছে`,
        lines: [hello, '', `আপনার কথামতো অর্ডার ${n} (${total}) বাতিল হয়েছে। আপনাকে কিছুই দিতে হবে না।`, ...sign],
      };
    case 'Booked': {
      const d = order.delivery;
      if (!d) return null;
      const courier = courierTitle(d.courier, 'bn');
      const track = shop.trackUrl ? ` ট্র্যাক করুন: ${shop.trackUrl}` : '';
      return {
        sms: `অর্ডার ${n} ${courier}-এ পাঠানো হয়েছে, ট্র্যাকিং কোড ${d.trackingCode}। ${taka(d.codAmount)} রেডি রাখুন।`,
        subject: `অর্ডার ${n} পাঠানো হয়েছে`,
        lines: [hello, '', `আপনার অর্ডার ${n} ${courier}-এর কাছে দেওয়া হয়েছে। ট্র্যাকিং কোড: ${d.trackingCode}।${track}`, `ডেলিভারির সময় ${taka(d.codAmount)} হাতের কাছে রাখুন।`, ...sign],
      };
    }
    case 'Edited':
      return {
        sms: `অর্ডার ${n} বদলেছে: মোট ${total}, ডেলিভারিতে ${due}।`,
        subject: `অর্ডার ${n} পরিবর্তন হয়েছে`,
        lines: [hello, '', `আপনার অর্ডার ${n} পরিবর্তন হয়েছে। এখন অর্ডারটি:`, '', ...linesOf(order), '', ...totalsOf(order), `ডেলিভারির ঠিকানা: ${p.name}, ${p.phone}, ${p.address}${zoneInParens(zone)}`, '', questions, ...sign],
      };
    case 'AdvanceRefunded': {
      const refund = order.advance?.refund;
      if (!refund) return null;
      return {
        sms: `অর্ডার ${n}-এর ${taka(refund.amount)} বিকাশে ফেরত দিয়েছি। ট্রানজেকশন ${refund.refundTrxId}`,
        subject: `অর্ডার ${n}: ${taka(refund.amount)} ফেরত`,
        lines: [hello, '', `আপনার অর্ডার ${n}-এর ${taka(refund.amount)} যে বিকাশ অ্যাকাউন্ট থেকে দিয়েছিলেন সেখানে ফেরত দিয়েছি (রিফান্ড ট্রানজেকশন ${refund.refundTrxId})। ${questions}`, ...sign],
      };
    }
    case 'Delivered':
    case 'PartlyDelivered':
      return {
        sms: `অর্ডার ${n} ডেলিভারি হয়েছে। আমাদের থেকে কেনার জন্য ধন্যবাদ!`,
        subject: `অর্ডার ${n} ডেলিভারি হয়েছে`,
        lines: [hello, '', `আপনার অর্ডার ${n} ডেলিভারি হয়েছে। ${shop.shopName} থেকে কেনার জন্য ধন্যবাদ। ${questions}`, ...sign],
      };
    default:
      return null;
  }
}

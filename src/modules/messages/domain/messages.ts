import type { OrderEventType, OrderState } from '../../ordering/index.js';
import { courierTitle } from '../../../shared/courier-names.js';
import { discountParts } from '../../../shared/money.js';
import { bengaliTexts } from './messages-bn.js';
import { cashOnDelivery, zoneInParens } from '../../ordering/index.js';


/**
 * What the shop tells people about an order (issue 16): the customer hears by SMS and email when
 * it is placed, confirmed or canceled; the shop hears of each new order (SHOP_ALERT_EMAIL,
 * SHOP_ALERT_PHONE). Pure: the outbox stores what this answers in the event's transaction, and
 * a worker sends it later, so sending never slows, blocks or fails an order.
 *
 * SMS stay within one message where they can: 160 characters of the GSM 03.38 alphabet (one
 * non-GSM character, such as an em dash or a Bangla letter, makes it a 70-character Unicode SMS).
 * The shop's name closes each SMS only when it still fits.
 */

export const messageChannels = ['sms', 'email'] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * `held`: an SMS a ceiling or the daily budget stopped (issue 40, decision 048); `skipped`: an SMS
 * a rule says not to send (a customer's own cancel minutes after placing). Neither is tried again;
 * `lastError` keeps the reason's code.
 */
export const messageStates = ['pending', 'sent', 'failed', 'held', 'skipped'] as const;
export type MessageState = (typeof messageStates)[number];

/** One message to send: an SMS (`recipient` +8801XXXXXXXXX, no subject) or an email; `skip` stores it `skipped` for that reason instead. */
export type OutgoingMessage = { channel: MessageChannel; recipient: string; subject: string | null; body: string; skip?: MessageSkipReason };

/** Why an SMS was stored `skipped`: the customer canceled within SMS_QUIET_CANCEL_MINUTES of placing. */
export type MessageSkipReason = 'quick-cancel';

/** Who the shop is, in its messages, and where its own alerts go (unset: none). */
export type MessageSettings = {
  shopName: string;
  /** SHOP_PHONE: for questions, in the cancel messages. */
  shopPhone?: string | undefined;
  /** SHOP_EMAIL: on the invoices and packing slips (decision 034). */
  shopEmail?: string | undefined;
  alertEmail?: string | undefined;
  alertPhone?: string | undefined;
  /**
   * SMS_QUIET_CANCEL_MINUTES (issue 40): a customer's own cancel this soon after placing sends no
   * SMS (its email still goes), so an order and its cancel cannot text a typed number twice.
   */
  quietCancelMinutes?: number | undefined;
  /** PUBLIC_URL: the tracking page's address in the booked message (issue 34); without it the message names the code only. */
  publicUrl?: string | undefined;
};


/** The tracking page of an order (issue 34), when the shop knows its own address. */
export const trackingUrl = (order: OrderState, shop: Pick<MessageSettings, 'publicUrl'>): string | null =>
  shop.publicUrl && order.placed.orderNumber !== undefined ? `${shop.publicUrl.replace(/\/+$/, '')}/track?order=${order.placed.orderNumber}` : null;

export const smsLimit = 160;

// GSM 03.38: the basic set (one unit each) and the extension table (two units: escape + char).
const gsmBasic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const gsmExtended = new Set('^{}\\[~]|€\f');

/** The text's length in GSM 7-bit units, or null when a character is outside the GSM alphabet. */
export function gsmLength(text: string): number | null {
  let units = 0;
  for (const char of text) {
    if (gsmBasic.has(char)) units += 1;
    else if (gsmExtended.has(char)) units += 2;
    else return null;
  }
  return units;
}

/** Fits one SMS: GSM text of at most 160 units, or Unicode text of at most 70 characters. */
export function fitsOneSms(text: string): boolean {
  const units = gsmLength(text);
  return units === null ? [...text].length <= 70 : units <= smsLimit;
}

const taka = (amount: number) => `${amount.toLocaleString('en-US')} BDT`;

/** Closes the SMS with the shop's name when it still fits one SMS. */
const signed = (text: string, shopName: string) => {
  const withName = `${text} - ${shopName}`;
  return fitsOneSms(withName) || !fitsOneSms(text) ? withName : text;
};

const numberOf = (order: OrderState) => (order.placed.orderNumber === undefined ? order.id : String(order.placed.orderNumber));

const linesOf = (order: OrderState) =>
  order.placed.lines.map((line) => {
    const choice = [line.size, line.color].filter(Boolean).join(', ');
    return `- ${line.title}${choice ? ` (${choice})` : ''} x ${line.quantity}: ${taka(line.price)}`;
  });

const totalsOf = (order: OrderState) => {
  const p = order.placed;
  const parts = discountParts({ subtotal: p.subtotal, discountBasisPoints: p.discountBasisPoints, discount: p.discount });
  return [
    `Subtotal: ${taka(p.subtotal)}`,
    ...(parts.coupon > 0 ? [`Discount${p.appliedCoupon ? ` (${p.appliedCoupon})` : ''}: -${taka(parts.coupon)}`] : []),
    // An order the staff took (issue 36): their discount on its own line, a waived fee said so.
    ...(parts.shop > 0 ? [`Discount from the shop: -${taka(parts.shop)}`] : []),
    `Delivery${zoneInParens(p.deliveryLocation)}${p.taken?.feeWaived ? ' (waived)' : ''}: ${taka(p.fee)}`,
    ...(order.advance?.status === 'paid'
      ? [`Total: ${taka(p.total)}`, `Paid by bKash: ${taka(order.advance.amount)} (transaction ${order.advance.trxId ?? ''})`, `To pay on delivery: ${taka(cashOnDelivery(p.total, order.advance))}`]
      : [`Total: ${taka(p.total)}, cash on delivery`]),
  ];
};

const email = (recipient: string, subject: string, lines: string[]): OutgoingMessage => ({ channel: 'email', recipient, subject, body: lines.join('\n') });
const sms = (recipient: string, body: string): OutgoingMessage => ({ channel: 'sms', recipient, subject: null, body });

/**
 * The messages an order event sends, given the order after it. Placed, Confirmed, Canceled (by
 * the shop) and CanceledByCustomer tell the customer (SMS to the order's phone, email to its
 * owner's address); Placed also tells the shop. Deleted tells nobody (an admin tidying up), and
 * nothing about a demo order tells anybody.
 */
export function messagesFor(event: OrderEventType, order: OrderState, shop: MessageSettings): OutgoingMessage[] {
  const p = order.placed;
  // A demo order's customer and phone are made up: nobody is told anything (issue 17).
  if (p.demo) return [];
  const n = numberOf(order);
  const total = taka(p.total);
  // What the customer pays on delivery: the total, less an advance paid (issue 35).
  const due = taka(cashOnDelivery(p.total, order.advance));
  const hello = `Hello ${p.name},`;
  const sign = ['', shop.shopName];
  // The customer hears in the order's language (issue 18); the English texts below are the spec's.
  const local = p.lang === 'bn' ? bengaliTexts(event, order, { ...shop, trackUrl: trackingUrl(order, shop) }) : null;
  const customer = (smsText: string, subject: string, lines: string[]): OutgoingMessage[] => {
    const texts = local ?? { sms: smsText, subject, lines };
    return [...(p.phone ? [sms(p.phone, signed(texts.sms, shop.shopName))] : []), ...(p.owner.email ? [email(p.owner.email, texts.subject, texts.lines)] : [])];
  };
  const questions = shop.shopPhone ? `Questions? Call us on ${shop.shopPhone}.` : 'Questions? Reply to this email.';

  switch (event) {
    // An order that waits for its advance is not placed for the customer yet: they hear once it is paid (issue 35).
    case 'Placed':
    case 'AdvancePaid': {
      if (event === 'Placed' ? p.advance !== undefined : order.advance?.late !== false) return [];
      const paid = order.advance?.status === 'paid' ? order.advance : null;
      const smsText = paid ? `Order ${n} placed: ${total}, ${taka(paid.amount)} paid by bKash, ${due} on delivery. We will call you to confirm it.` : `Order ${n} placed: ${total}, cash on delivery. We will call you to confirm it.`;
      const toCustomer = customer(smsText, `Order ${n} placed: ${total}`, [
        hello,
        '',
        `Thank you for your order ${n} at ${shop.shopName}.`,
        '',
        ...linesOf(order),
        '',
        ...totalsOf(order),
        `Deliver to: ${p.address}${zoneInParens(p.deliveryLocation)}`,
        '',
        `What happens next: we will call you on ${p.phone} to confirm the order, then send it. You pay ${due} when it arrives.`,
        ...sign,
      ]);
      const alert = `New order ${n}: ${[total, paid ? `${taka(paid.amount)} paid by bKash` : '', p.deliveryLocation, p.phone].filter(Boolean).join(', ')}.`;
      const toShop = [
        ...(shop.alertPhone ? [sms(shop.alertPhone, signed(alert, shop.shopName))] : []),
        ...(shop.alertEmail
          ? [email(shop.alertEmail, `New order ${n}: ${total}`, [alert, '', `Customer: ${p.name}, ${p.phone}, ${p.owner.email}`, `Deliver to: ${p.address}`, '', ...linesOf(order), '', ...totalsOf(order), '', 'It is Pending: call the customer, then confirm or cancel it on the orders desk.'])]
          : []),
      ];
      return [...toCustomer, ...toShop];
    }
    case 'Confirmed':
      return customer(`Order ${n} confirmed: ${due}, cash on delivery. We are sending it to you now.`, `Order ${n} confirmed`, [
        hello,
        '',
        `Your order ${n} is confirmed. We are sending it to ${p.address}${zoneInParens(p.deliveryLocation)}; please keep ${due} ready to pay on delivery.`,
        '',
        ...linesOf(order),
        '',
        ...totalsOf(order),
        ...sign,
      ]);
    case 'Canceled':
      return customer(`Order ${n} (${total}) was canceled by the shop. ${questions}`, `Order ${n} canceled`, [
        hello,
        '',
        `We are sorry: your order ${n} (${total}) was canceled by ${shop.shopName}. You pay nothing. ${questions}`,
        ...sign,
      ]);
    case 'CanceledByCustomer': {
      const canceledAt = order.canceledAt?.getTime() ?? order.updatedAt.getTime();
      const quiet = (shop.quietCancelMinutes ?? 0) > 0 && canceledAt - order.placedAt.getTime() < (shop.quietCancelMinutes ?? 0) * 60_000;
      const told = customer(`Order ${n} (${total}) is canceled, as you asked.`, `Order ${n} canceled`, [
        hello,
        '',
        `Your order ${n} (${total}) is canceled, as you asked. You pay nothing.`,
        ...sign,
      ]);
      return quiet ? told.map((m) => (m.channel === 'sms' ? { ...m, skip: 'quick-cancel' as const } : m)) : told;
    }
    case 'Booked': {
      const d = order.delivery;
      if (!d) return [];
      const track = trackingUrl(order, shop);
      return customer(
        `Order ${n} is on its way with ${courierTitle(d.courier)}, tracking code ${d.trackingCode}. Keep ${total} ready.`,
        `Order ${n} is on its way`,
        [hello, '', `Your order ${n} was handed to ${courierTitle(d.courier)}. Tracking code: ${d.trackingCode}.${track ? ` Follow it at ${track}` : ''}`, `Please keep ${taka(d.codAmount)} ready to pay on delivery.`, ...sign],
      );
    }
    case 'Edited':
      // Issue 36: changed at the customer's request (or with their agreement): the order as it is now.
      return customer(`Order ${n} was changed: total now ${total}, ${due} on delivery.`, `Order ${n} changed`, [
        hello,
        '',
        `Your order ${n} was changed. It is now:`,
        '',
        ...linesOf(order),
        '',
        ...totalsOf(order),
        `Deliver to: ${p.name}, ${p.phone}, ${p.address}${zoneInParens(p.deliveryLocation)}`,
        '',
        questions,
        ...sign,
      ]);
    case 'AdvanceRefunded': {
      const refund = order.advance?.refund;
      if (!refund) return [];
      return customer(`We refunded ${taka(refund.amount)} of order ${n} to your bKash, transaction ${refund.refundTrxId}.`, `Order ${n}: ${taka(refund.amount)} refunded`, [
        hello,
        '',
        `We refunded ${taka(refund.amount)} of your order ${n} to the bKash account you paid from (refund transaction ${refund.refundTrxId}). ${questions}`,
        ...sign,
      ]);
    }
    case 'Delivered':
    case 'PartlyDelivered':
      return customer(`Order ${n} was delivered. Thank you for shopping with us!`, `Order ${n} delivered`, [hello, '', `Your order ${n} was delivered. Thank you for shopping at ${shop.shopName}. ${questions}`, ...sign]);
    case 'Deleted':
    case 'Imported': // an old shop's order: its customer heard about it back then
    case 'PickedUp':
    case 'InTransit':
    case 'Returned':
    case 'ReturnReceived':
    case 'Settled':
    case 'BookingCanceled':
    case 'PaymentExpired': // the shopper saw the payment page give up; nothing was paid
      return [];
  }
}

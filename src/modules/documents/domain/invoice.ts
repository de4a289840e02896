import { formatDateTime } from '../../../shared/locale-dates.js';
import { formatDigits, formatMoney, toBengaliDigits, type Lang } from '../../../shared/locale-format.js';
import { basisPointsToPercent, discountParts } from '../../../shared/money.js';
import { dhakaWallClock } from '../../../shared/shop-time.js';
import { courierTitle } from '../../../shared/courier-names.js';
import { cashOnDelivery, zoneInBengali, zoneInParens, type OrderState, type OrderStatus } from '../../ordering/index.js';

/**
 * What an invoice or a packing slip says, as plain strings (issue 17, decision 034): the PDF
 * adapter only lays them out, so every word and number on the page is decided here and tested
 * without a PDF.
 */

/** The shop as the page heads it: SHOP_NAME, SHOP_PHONE, SHOP_EMAIL. */
export type ShopIdentity = { name: string; phone?: string | undefined; email?: string | undefined };

export type DocumentLine = {
  title: string;
  /** "Size L, Color Red"; empty when the product has neither. */
  choice: string;
  quantity: number;
  /** The quantity as the page writes it: "2", or "২" in Bengali. */
  quantityText: string;
  /** "895 BDT", "1,790 BDT" */
  unitPrice: string;
  /** "1,790 BDT" */
  price: string;
};

export type DocumentTotal = { label: string; amount: string };

/**
 * The page's own words around the order's data, in the document's language (issue 18): the
 * adapter writes "{phone}: +8801...", "{status}: Pending" and the table's headings with them.
 */
export type DocumentLabels = {
  /** The heading's "Order 10001" ("অর্ডার ১০০০১"). */
  order: string;
  status: string;
  /** "(continued)", after the title on a later page. */
  continued: string;
  /** "Bill to and deliver to" on an invoice, "Deliver to" on a packing slip. */
  customer: string;
  phone: string;
  address: string;
  deliveryZone: string;
  email: string;
  item: string;
  quantity: string;
  unitPrice: string;
  price: string;
  /** The packing slip's "Size / color" column. */
  choice: string;
  /** The invoice's last line: "Payment: Cash On Delivery. Thank you for shopping with {shop}." */
  thanks: string;
  /** The packing slip's count: "3 items in 2 lines". */
  count: string;
};

export type OrderDocument = {
  kind: 'invoice' | 'packing-slip';
  /** The language the page is written in: the order's (issue 18), or the one asked for. */
  lang: Lang;
  labels: DocumentLabels;
  shop: { name: string; contact: string[] };
  /** "Invoice" or "Packing slip". */
  title: string;
  /** "10001": what the customer quotes on the phone; the file name uses it too. */
  orderNumber: string;
  /** "25 Nov 2026, 14:05 (Dhaka time)": when the order was placed. */
  date: string;
  status: OrderStatus;
  /** "Pending", "Confirmed", "Canceled", "Canceled by the customer", or "Confirmed (deleted)" for one an admin deleted. */
  statusText: string;
  customer: { name: string; email: string; phone: string; address: string; deliveryZone: string };
  lines: DocumentLine[];
  /** Subtotal, Discount (when there is one), Delivery fee, Total. */
  totals: DocumentTotal[];
  /**
   * The last word on the page: "Cash On Delivery: collect 4,500 BDT", or, for an order that is
   * canceled or deleted, that there is nothing to collect.
   */
  collect: string;
  /** True when the courier collects the amount; false for a canceled or deleted order. */
  collectable: boolean;
  /** "Courier: Steadfast, tracking code SFR123", once the order is booked with one (issue 34); null before. */
  courier: string | null;
};

/** Whole taka with thousands separators (issue 33): "4,500 BDT". */
export const bdt = (amount: number): string => formatMoney(amount, 'en');

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "25 Nov 2026, 14:05 (Dhaka time)" */
export function dhakaDateTime(at: Date): string {
  const d = dhakaWallClock(at);
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} (Dhaka time)`;
}

/** The number the order is known by; orders from before numbers existed go by their id. */
const numberOf = (order: OrderState): string => (order.placed.orderNumber === undefined ? order.id : String(order.placed.orderNumber));

/** The words of each language (English: the spec's, as the pages always said them). */
type Words = {
  money: (amount: number) => string;
  digits: (n: number) => string;
  dateTime: (at: Date) => string;
  zone: (zone: string) => string;
  title: Record<OrderDocument['kind'], string>;
  order: (number: string) => string;
  status: Record<OrderStatus, string>;
  canceledByCustomer: string;
  deleted: (status: string) => string;
  size: string;
  color: string;
  subtotal: string;
  discount: string;
  /** The staff's discount on an order they took (issue 36). */
  shopDiscount: string;
  fee: string;
  /** After the fee's label when the staff waived it (issue 36). */
  feeWaived: string;
  total: string;
  advance: (trxId: string) => string;
  collect: (amount: string) => string;
  nothingCanceled: string;
  nothingDeleted: string;
  labels: Omit<DocumentLabels, 'order' | 'customer' | 'thanks' | 'count'> & { billTo: string; deliverTo: string };
  thanks: (shop: string) => string;
  count: (items: number, lines: number) => string;
  courier: (name: string, trackingCode: string) => string;
};


const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

const english: Words = {
  money: bdt,
  digits: String,
  dateTime: dhakaDateTime,
  zone: (zone) => zone,
  title: { invoice: 'Invoice', 'packing-slip': 'Packing slip' },
  order: (number) => `Order ${number}`,
  status: { Pending: 'Pending', Confirmed: 'Confirmed', Canceled: 'Canceled' },
  canceledByCustomer: 'Canceled by the customer',
  deleted: (status) => `${status} (deleted)`,
  size: 'Size',
  color: 'Color',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shopDiscount: 'Discount from the shop',
  fee: 'Delivery fee',
  feeWaived: 'waived',
  total: 'Total',
  advance: (trxId) => `Paid by bKash${trxId ? ` (${trxId})` : ''}`,
  collect: (amount) => `Cash On Delivery: collect ${amount}`,
  nothingCanceled: 'This order is canceled: nothing to collect.',
  nothingDeleted: 'This order was deleted: nothing to collect.',
  labels: {
    status: 'Status',
    continued: '(continued)',
    billTo: 'Bill to and deliver to',
    deliverTo: 'Deliver to',
    phone: 'Phone',
    address: 'Address',
    deliveryZone: 'Delivery zone',
    email: 'Email',
    item: 'Item',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    price: 'Price',
    choice: 'Size / color',
  },
  thanks: (shop) => `Payment: Cash On Delivery. Thank you for shopping with ${shop}.`,
  count: (items, lines) => `${plural(items, 'item', 'items')} in ${plural(lines, 'line', 'lines')}`,
  courier: (name, code) => `Courier: ${courierTitle(name)}, tracking code ${code}`,
};

const bnDigits = (n: number) => toBengaliDigits(String(n));

/** Bengali (issue 18): the web's words (orders, checkout namespaces), Bengali digits, "১,৭৯০ টাকা". */
const bengali: Words = {
  money: (amount) => formatMoney(amount, 'bn'),
  digits: bnDigits,
  dateTime: (at) => `${formatDateTime(at, 'bn')} (ঢাকার সময়)`,
  zone: zoneInBengali,
  title: { invoice: 'ইনভয়েস', 'packing-slip': 'প্যাকিং স্লিপ' },
  // An order from before numbers existed goes by its id, which stays as it is.
  order: (number) => `অর্ডার ${/^\d+$/.test(number) ? formatDigits(number, 'bn') : number}`,
  status: { Pending: 'অপেক্ষমাণ', Confirmed: 'নিশ্চিত', Canceled: 'বাতিল' },
  canceledByCustomer: 'ক্রেতা বাতিল করেছেন',
  deleted: (status) => `${status} (মুছে ফেলা)`,
  size: 'সাইজ',
  color: 'রং',
  subtotal: 'সাবটোটাল',
  discount: 'ছাড়',
  shopDiscount: 'দোকানের ছাড়',
  fee: 'ডেলিভারি চার্জ',
  feeWaived: 'মওকুফ',
  total: 'মোট',
  advance: (trxId) => `বিকাশে দেওয়া হয়েছে${trxId ? ` (${trxId})` : ''}`,
  collect: (amount) => `ক্যাশ অন ডেলিভারি: ${amount} আদায় করুন`,
  nothingCanceled: 'অর্ডারটি বাতিল: কিছুই আদায় করতে হবে না।',
  nothingDeleted: 'অর্ডারটি মুছে ফেলা হয়েছে: কিছুই আদায় করতে হবে না।',
  labels: {
    status: 'অবস্থা',
    continued: '(আগের পাতার পর)',
    billTo: 'বিল ও ডেলিভারির ঠিকানা',
    deliverTo: 'ডেলিভারির ঠিকানা',
    phone: 'ফোন',
    address: 'ঠিকানা',
    deliveryZone: 'ডেলিভারি এলাকা',
    email: 'ইমেইল',
    item: 'পণ্য',
    quantity: 'পরিমাণ',
    unitPrice: 'একক দাম',
    price: 'দাম',
    choice: 'সাইজ / রং',
  },
  thanks: (shop) => `পেমেন্ট: ক্যাশ অন ডেলিভারি। ${shop}-এ কেনাকাটার জন্য ধন্যবাদ।`,
  count: (items, lines) => `${bnDigits(lines)} লাইনে মোট ${bnDigits(items)}টি পণ্য`,
  courier: (name, code) => `কুরিয়ার: ${courierTitle(name, 'bn')}, ট্র্যাকিং কোড ${code}`,
};

const wordsOf: Record<Lang, Words> = { en: english, bn: bengali };

const choiceOf = (w: Words, size: string, color: string): string =>
  [size && `${w.size} ${size}`, color && `${w.color} ${color}`].filter(Boolean).join(', ');

function statusTextOf(w: Words, order: OrderState): string {
  if (order.status === 'Canceled') return order.canceledBy === 'customer' ? w.canceledByCustomer : w.status.Canceled;
  return order.removed ? w.deleted(w.status[order.status]) : w.status[order.status];
}

/** A canceled order (by the shop or its customer) or one an admin deleted is not delivered. */
function collectLine(w: Words, order: OrderState): { collect: string; collectable: boolean } {
  if (order.status === 'Canceled') return { collect: w.nothingCanceled, collectable: false };
  if (order.removed) return { collect: w.nothingDeleted, collectable: false };
  // The courier collects the total less an advance paid through bKash (issue 35).
  return { collect: w.collect(w.money(cashOnDelivery(order.placed.total, order.advance))), collectable: true };
}

function documentOf(kind: OrderDocument['kind'], order: OrderState, shop: ShopIdentity, lang: Lang): OrderDocument {
  const w = wordsOf[lang];
  const p = order.placed;
  const percent = basisPointsToPercent(p.discountBasisPoints);
  const parts = discountParts({ subtotal: p.subtotal, discountBasisPoints: p.discountBasisPoints, discount: p.discount });
  const discountLabel = `${w.discount} (${[p.appliedCoupon, `${lang === 'bn' ? toBengaliDigits(String(percent)) : percent}%`].filter(Boolean).join(', ')})`;
  const { billTo, deliverTo, ...labels } = w.labels;
  const number = numberOf(order);
  return {
    kind,
    lang,
    labels: {
      ...labels,
      order: w.order(number),
      customer: kind === 'invoice' ? billTo : deliverTo,
      thanks: w.thanks(shop.name),
      count: w.count(
        p.lines.reduce((n, l) => n + l.quantity, 0),
        p.lines.length,
      ),
    },
    shop: { name: shop.name, contact: [shop.phone, shop.email].filter((c): c is string => Boolean(c)) },
    title: w.title[kind],
    orderNumber: number,
    date: w.dateTime(order.placedAt),
    status: order.status,
    statusText: statusTextOf(w, order),
    customer: { name: p.name, email: p.owner.email, phone: p.phone, address: addressOf(p), deliveryZone: w.zone(p.deliveryLocation) },
    lines: p.lines.map((line) => ({
      // The item in the page's language: the Bengali title kept at order time, else the English (issue 33).
      title: lang === 'bn' && line.titleBn ? line.titleBn : line.title,
      choice: lang === 'bn' ? choiceOf(w, line.sizeBn ?? line.size, line.colorBn ?? line.color) : choiceOf(w, line.size, line.color),
      quantity: line.quantity,
      quantityText: w.digits(line.quantity),
      unitPrice: w.money(line.unitPrice),
      price: w.money(line.price),
    })),
    totals: [
      { label: w.subtotal, amount: w.money(p.subtotal) },
      ...(parts.coupon > 0 || p.appliedCoupon ? [{ label: discountLabel, amount: `-${w.money(parts.coupon)}` }] : []),
      // An order the staff took (issue 36): their discount on its own line, a waived fee said so.
      ...(parts.shop > 0 ? [{ label: w.shopDiscount, amount: `-${w.money(parts.shop)}` }] : []),
      { label: `${w.fee}${zoneInParens(w.zone(p.deliveryLocation))}${p.taken?.feeWaived ? `, ${w.feeWaived}` : ''}`, amount: w.money(p.fee) },
      { label: w.total, amount: w.money(p.total) },
      ...(order.advance?.status === 'paid' ? [{ label: w.advance(order.advance.trxId ?? ''), amount: `-${w.money(order.advance.amount)}` }] : []),
    ],
    ...collectLine(w, order),
    courier: order.delivery ? w.courier(order.delivery.courier, order.delivery.trackingCode) : null,
  };
}

/** The free address, and the thana and district chosen at checkout (issue 34) unless the address names them already. */
function addressOf(p: OrderState['placed']): string {
  const place = [p.thana, p.district].filter((part): part is string => Boolean(part) && !p.address.toLowerCase().includes(String(part).toLowerCase()));
  return [p.address, ...place].join(', ');
}

/** The language an order's documents are written in unless another is asked for: the one it was placed in (English before languages existed). */
export const languageOfOrder = (order: OrderState): Lang => order.placed.lang ?? 'en';

/** The customer's invoice: every line priced, the totals and the amount to pay the courier; in the order's language unless `lang` says otherwise. */
export const invoiceOf = (order: OrderState, shop: ShopIdentity, lang: Lang = languageOfOrder(order)): OrderDocument => documentOf('invoice', order, shop, lang);

/** The packer's slip: the same order, laid out without prices except the amount to collect. */
export const packingSlipOf = (order: OrderState, shop: ShopIdentity, lang: Lang = languageOfOrder(order)): OrderDocument => documentOf('packing-slip', order, shop, lang);

/** "invoice-10001.pdf" */
export const invoiceFileName = (doc: Pick<OrderDocument, 'orderNumber'>): string => `invoice-${doc.orderNumber}.pdf`;

/** "packing-slips-10001.pdf", or "packing-slips-10001-10005.pdf" from the lowest number to the highest. */
export function packingSlipsFileName(docs: ReadonlyArray<Pick<OrderDocument, 'orderNumber'>>): string {
  const numbers = docs.map((d) => d.orderNumber).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  const first = numbers[0] ?? 'none';
  const last = numbers[numbers.length - 1] ?? first;
  return first === last ? `packing-slips-${first}.pdf` : `packing-slips-${first}-${last}.pdf`;
}

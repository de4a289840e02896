import { basisPointsToPercent } from '../../../shared/money.js';
import { dhakaWallClock } from '../../../shared/shop-time.js';
import type { OrderState, OrderStatus } from './order.js';

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
  /** "895 BDT" */
  unitPrice: string;
  /** "1790 BDT" */
  price: string;
};

export type DocumentTotal = { label: string; amount: string };

export type OrderDocument = {
  kind: 'invoice' | 'packing-slip';
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
   * The last word on the page: "Cash On Delivery: collect 4500 BDT", or, for an order that is
   * canceled or deleted, that there is nothing to collect.
   */
  collect: string;
  /** True when the courier collects the amount; false for a canceled or deleted order. */
  collectable: boolean;
};

/** Whole taka, no separators, as the issue writes it: "4500 BDT". */
export const bdt = (amount: number): string => `${amount} BDT`;

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** "25 Nov 2026, 14:05 (Dhaka time)" */
export function dhakaDateTime(at: Date): string {
  const d = dhakaWallClock(at);
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} (Dhaka time)`;
}

/** The number the order is known by; orders from before numbers existed go by their id. */
const numberOf = (order: OrderState): string => (order.placed.orderNumber === undefined ? order.id : String(order.placed.orderNumber));

const choiceOf = (size: string, color: string): string =>
  [size && `Size ${size}`, color && `Color ${color}`].filter(Boolean).join(', ');

function statusTextOf(order: OrderState): string {
  if (order.status === 'Canceled') return order.canceledBy === 'customer' ? 'Canceled by the customer' : 'Canceled';
  return order.removed ? `${order.status} (deleted)` : order.status;
}

/** A canceled order (by the shop or its customer) or one an admin deleted is not delivered. */
function collectLine(order: OrderState): { collect: string; collectable: boolean } {
  if (order.status === 'Canceled') return { collect: 'This order is canceled: nothing to collect.', collectable: false };
  if (order.removed) return { collect: 'This order was deleted: nothing to collect.', collectable: false };
  return { collect: `Cash On Delivery: collect ${bdt(order.placed.total)}`, collectable: true };
}

function documentOf(kind: OrderDocument['kind'], order: OrderState, shop: ShopIdentity): OrderDocument {
  const p = order.placed;
  const percent = basisPointsToPercent(p.discountBasisPoints);
  const discountLabel = `Discount (${[p.appliedCoupon, `${percent}%`].filter(Boolean).join(', ')})`;
  return {
    kind,
    shop: { name: shop.name, contact: [shop.phone, shop.email].filter((c): c is string => Boolean(c)) },
    title: kind === 'invoice' ? 'Invoice' : 'Packing slip',
    orderNumber: numberOf(order),
    date: dhakaDateTime(order.placedAt),
    status: order.status,
    statusText: statusTextOf(order),
    customer: { name: p.name, email: p.owner.email, phone: p.phone, address: p.address, deliveryZone: p.deliveryLocation },
    lines: p.lines.map((line) => ({
      title: line.title,
      choice: choiceOf(line.size, line.color),
      quantity: line.quantity,
      unitPrice: bdt(line.unitPrice),
      price: bdt(line.price),
    })),
    totals: [
      { label: 'Subtotal', amount: bdt(p.subtotal) },
      ...(p.discount > 0 || p.appliedCoupon ? [{ label: discountLabel, amount: `-${bdt(p.discount)}` }] : []),
      { label: `Delivery fee (${p.deliveryLocation})`, amount: bdt(p.fee) },
      { label: 'Total', amount: bdt(p.total) },
    ],
    ...collectLine(order),
  };
}

/** The customer's invoice: every line priced, the totals and the amount to pay the courier. */
export const invoiceOf = (order: OrderState, shop: ShopIdentity): OrderDocument => documentOf('invoice', order, shop);

/** The packer's slip: the same order, laid out without prices except the amount to collect. */
export const packingSlipOf = (order: OrderState, shop: ShopIdentity): OrderDocument => documentOf('packing-slip', order, shop);

/** "invoice-10001.pdf" */
export const invoiceFileName = (doc: Pick<OrderDocument, 'orderNumber'>): string => `invoice-${doc.orderNumber}.pdf`;

/** "packing-slips-10001.pdf", or "packing-slips-10001-10005.pdf" from the lowest number to the highest. */
export function packingSlipsFileName(docs: ReadonlyArray<Pick<OrderDocument, 'orderNumber'>>): string {
  const numbers = docs.map((d) => d.orderNumber).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  const first = numbers[0] ?? 'none';
  const last = numbers[numbers.length - 1] ?? first;
  return first === last ? `packing-slips-${first}.pdf` : `packing-slips-${first}-${last}.pdf`;
}

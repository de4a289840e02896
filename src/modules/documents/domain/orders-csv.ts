import { basisPointsToPercent } from '../../../shared/money.js';
import { dhakaWallClock } from '../../../shared/shop-time.js';
import type { OrderLine, OrderState } from '../../ordering/index.js';

/**
 * The orders desk as CSV for an accountant (issue 17): RFC 4180 (fields with a comma, a quote, CR
 * or LF quoted, quotes doubled, CRLF between records), a UTF-8 byte order mark first so that Excel
 * reads Bengali names as UTF-8, and a defence against formula injection (OWASP "CSV injection"): a
 * cell that starts with = + - @ TAB or CR (also behind invisible characters, or in their fullwidth
 * forms: see `formulaStart`) gets a leading apostrophe, so no spreadsheet runs what a
 * customer typed as a name or an address. Phone numbers (+8801...) get one too, which also keeps
 * Excel from turning them into numbers.
 */

export const csvByteOrderMark = '\uFEFF';
export const csvLineEnd = '\r\n';

export const ordersCsvColumns = [
  'Order number',
  'Placed at',
  'Status',
  'Canceled by',
  'Customer name',
  'Email',
  'Phone',
  'Address',
  'Delivery zone',
  'Payment method',
  'Coupon',
  'Discount %',
  'Subtotal (BDT)',
  'Discount (BDT)',
  'Delivery fee (BDT)',
  'Total (BDT)',
  'Items (count)',
  'Lines',
  // Issue 35: an advance paid through bKash (0 when none), its transaction, and what was refunded of it.
  'bKash advance (BDT)',
  'bKash trxID',
  'Refunded (BDT)',
] as const;

/**
 * A formula's first character, after anything a spreadsheet may skip or not show before it:
 * whitespace (U+00A0, U+3000 among it), and format characters (\p{Cf}: the zero-width space and
 * joiners U+200B-U+200F, the word joiner U+2060, the byte order mark U+FEFF, the bidi controls
 * U+202A-U+202E and U+2066-U+2069, the soft hyphen). The fullwidth and small forms of = + - @
 * (U+FF1D U+FF0B U+FF0D U+FF20, U+FE66 U+FE62 U+FE63 U+FE6B) and the minus sign U+2212 count too:
 * some spreadsheets fold them to ASCII when they read a cell (issue 40).
 */
const formulaStart = /^[\s\p{Cf}]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u2212]/u;
const needsQuotes = /[",\r\n]/;

/** One field: defended against formulas, then quoted when RFC 4180 asks for it. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export const csvRow = (cells: ReadonlyArray<string | number>): string => cells.map(csvCell).join(',') + csvLineEnd;

/** The file's start: the byte order mark and the header record. */
export const ordersCsvHeader = (): string => csvByteOrderMark + csvRow(ordersCsvColumns);

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` in Bangladesh time (UTC+06:00, no daylight saving). */
export function dhakaMinute(at: Date): string {
  const d = dhakaWallClock(at);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}


/** "2 x Fox Tee (M, Red) @ 1200": the size and color named when the line has them. */
export function describeLine(line: OrderLine): string {
  const variant = [line.size, line.color].filter((part) => part !== '').join(', ');
  return `${line.quantity} x ${line.title}${variant ? ` (${variant})` : ''} @ ${line.unitPrice}`;
}

const canceledByText = { shop: 'Shop', customer: 'Customer' } as const;

/** One order as the cells of ordersCsvColumns, in that order. `Items (count)` is the pieces ordered: the lines' quantities added up. */
export function orderCsvCells(order: OrderState): Array<string | number> {
  const p = order.placed;
  return [
    p.orderNumber ?? '',
    dhakaMinute(order.placedAt),
    order.status,
    order.canceledBy ? canceledByText[order.canceledBy] : '',
    p.name,
    p.owner.email,
    p.phone,
    p.address,
    p.deliveryLocation,
    p.paymentMethod,
    p.appliedCoupon ?? '',
    basisPointsToPercent(p.discountBasisPoints),
    p.subtotal,
    p.discount,
    p.fee,
    p.total,
    p.lines.reduce((sum, line) => sum + line.quantity, 0),
    p.lines.map(describeLine).join('; '),
    order.advance && (order.advance.status === 'paid' || order.advance.status === 'refunded') ? order.advance.amount : 0,
    order.advance?.trxId ?? '',
    order.advance?.refund?.amount ?? 0,
  ];
}

/** One order's record, CRLF included. */
export const orderCsvRow = (order: OrderState): string => csvRow(orderCsvCells(order));

import { fromBengaliDigits } from '../../../../src/shared/locale-format';
import { isDeliveryZone, orderTotals, percentToBasisPoints, type Totals } from '../../../../src/shared/money';
import { normalizeBdMobile } from '../../../../src/shared/phone';
import type { OrderEdit } from './api/edit-order';
import type { OrderView } from './api/get-order';

/**
 * An admin's change of an order at its customer's request (issue 36), as the form holds it and as
 * PATCH /api/orders/:id/lines takes it: pure, so the page, the tests and the server agree. The server
 * prices the lines (a variant the order has keeps its price, a new one takes the catalogue's) and
 * computes the totals; the form shows the same by the same money rules before it sends.
 */

type OrderLine = OrderView['cartItems'][number];

/** The longest reason the server takes. */
export const MAX_REASON = 200;
/** A line's quantity, as the server takes it. */
export const MAX_QUANTITY = 99;

/** When an order can be changed: Pending or Confirmed, still listed, no parcel booked, no advance awaited. */
export const editable = (order: Pick<OrderView, 'status' | 'removed' | 'deleted' | 'delivery' | 'advance'>): boolean =>
  (order.status === 'Pending' || order.status === 'Confirmed') && !order.removed && !order.deleted && order.delivery === null && order.advance?.status !== 'awaiting';

/** One line of the form: a variant of a product and its quantity as typed. */
export type EditLine = {
  /** Names the line in the page while its variant changes. */
  key: string;
  productId: string;
  title: string;
  titleBn?: string | undefined;
  size: string;
  color: string;
  quantity: string;
};

export type EditForm = {
  lines: EditLine[];
  name: string;
  phone: string;
  address: string;
  /** English names, '' while none is chosen. */
  district: string;
  thana: string;
  /** The zone: the thana's when one is chosen (the page sets it), or chosen alone for an order without a district. */
  deliveryLocation: string;
  reason: string;
};

/** What the catalogue says of a product (GET /api/products/:id): its sizes, colors and price now. */
export type CatalogueProduct = { sizes: readonly string[]; colors: readonly string[]; price: number };

/** The form as the order is now. */
export function editFormOf(order: OrderView): EditForm {
  return {
    lines: order.cartItems.map((line, i) => ({
      key: `line-${i}`,
      productId: line.productId,
      title: line.title,
      titleBn: line.titleBn,
      size: line.size,
      color: line.color,
      quantity: String(line.quantity),
    })),
    name: order.name,
    phone: order.phone.replace(/^\+88/, ''),
    address: order.address,
    district: order.district ?? '',
    thana: order.thana ?? '',
    deliveryLocation: order.deliveryLocation,
    reason: '',
  };
}

/** A variant: the same product, size and color is the same line. */
export const variantKey = (line: { productId: string; size: string; color: string }): string => JSON.stringify([line.productId, line.size, line.color]);

/** A quantity as typed (Bengali digits too): a whole number from 1 to 99, or null. */
export function readQuantity(text: string): number | null {
  const digits = fromBengaliDigits(text.trim());
  if (!/^\d{1,2}$/.test(digits)) return null;
  const quantity = Number(digits);
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : null;
}

/**
 * A line's price for one: the order's own for a variant it has (kept at the price the customer
 * agreed to), the catalogue's for a new one; undefined while the catalogue's is not known.
 */
export function unitPriceOf(line: Pick<EditLine, 'productId' | 'size' | 'color'>, orderLines: readonly OrderLine[], products: ReadonlyMap<string, CatalogueProduct>): number | undefined {
  const key = variantKey(line);
  return orderLines.find((l) => variantKey(l) === key)?.unitPrice ?? products.get(line.productId)?.price;
}

/**
 * The totals after the change, by the server's money rules (src/shared/money.ts) with the order's
 * discount percentage (and what the staff gave on an order they took): null while a quantity is not valid, a price is not known, or no zone is set.
 */
export function editTotals(form: Pick<EditForm, 'lines' | 'deliveryLocation'>, order: Pick<OrderView, 'cartItems' | 'discountPercent' | 'taken'>, products: ReadonlyMap<string, CatalogueProduct>): Totals | null {
  if (!isDeliveryZone(form.deliveryLocation) || form.lines.length === 0) return null;
  const priced: { unitPrice: number; quantity: number }[] = [];
  for (const line of form.lines) {
    const quantity = readQuantity(line.quantity);
    const unitPrice = unitPriceOf(line, order.cartItems, products);
    if (quantity === null || unitPrice === undefined) return null;
    priced.push({ unitPrice, quantity });
  }
  // An order the staff took keeps its discount and waived fee (issue 36), as the server prices it.
  const allowance = order.taken ? { discount: order.taken.discount?.amount ?? 0, feeWaived: order.taken.feeWaived !== null } : undefined;
  return orderTotals(priced, percentToBasisPoints(order.discountPercent), form.deliveryLocation, allowance);
}

/** The form's refusals, as message ids of the order-edit namespace. */
export type EditError =
  | 'orderEdit.error.reason'
  | 'orderEdit.error.reasonTooLong'
  | 'orderEdit.error.name'
  | 'orderEdit.error.phone'
  | 'orderEdit.error.address'
  | 'orderEdit.error.district'
  | 'orderEdit.error.thana'
  | 'orderEdit.error.zone'
  | 'orderEdit.error.quantity'
  | 'orderEdit.error.size'
  | 'orderEdit.error.color'
  | 'orderEdit.error.duplicate'
  | 'orderEdit.error.noLines'
  | 'orderEdit.error.nothing';

export type EditField = 'name' | 'phone' | 'address' | 'district' | 'thana' | 'deliveryLocation' | 'reason';

export type EditErrors = {
  fields: Partial<Record<EditField, EditError>>;
  /** By line key: what is wrong with it. */
  lines: Record<string, EditError>;
  /** Of the whole form: no line left, or nothing changed. */
  form?: EditError;
};

export type ReadEdit = { ok: true; edit: OrderEdit } | { ok: false; errors: EditErrors };

/**
 * The form as PATCH /api/orders/:id/lines takes it, or what is wrong with it: the reason always, the
 * order's version, and only what changed: the name, phone and address as typed (trimmed), district
 * and thana together, the zone, and the lines, all of them, when any line's variant or quantity (or
 * their order) changed. A new variant must name one of its product's sizes and colors; a variant is
 * one line.
 */
export function readEditForm(form: EditForm, order: OrderView, products: ReadonlyMap<string, CatalogueProduct>): ReadEdit {
  const errors: EditErrors = { fields: {}, lines: {} };
  const edit: OrderEdit = { reason: form.reason.trim(), version: order.version };

  const name = form.name.trim();
  if (name === '' || name.length > 80) errors.fields.name = 'orderEdit.error.name';
  else if (name !== order.name) edit.name = name;

  const phone = normalizeBdMobile(form.phone);
  if (phone === null) errors.fields.phone = 'orderEdit.error.phone';
  else if (phone !== order.phone) edit.phone = form.phone.trim();

  const address = form.address.trim();
  if (address === '' || address.length > 500) errors.fields.address = 'orderEdit.error.address';
  else if (address !== order.address) edit.address = address;

  if (form.district === '') {
    // An order placed with a district keeps one; one without may stay without.
    if (order.district) errors.fields.district = 'orderEdit.error.district';
  } else if (form.thana === '') errors.fields.thana = 'orderEdit.error.thana';
  else if (form.district !== order.district || form.thana !== order.thana) {
    edit.district = form.district;
    edit.thana = form.thana;
  }
  if (!isDeliveryZone(form.deliveryLocation)) {
    if (!errors.fields.district && !errors.fields.thana) errors.fields.deliveryLocation = 'orderEdit.error.zone';
  } else if (form.deliveryLocation !== order.deliveryLocation) edit.deliveryLocation = form.deliveryLocation;

  const lines: { productId: string; size: string; color: string; quantity: number }[] = [];
  const seen = new Set<string>();
  for (const line of form.lines) {
    const quantity = readQuantity(line.quantity);
    const key = variantKey(line);
    const product = products.get(line.productId);
    const kept = order.cartItems.some((l) => variantKey(l) === key);
    if (!kept && product && (product.sizes.length > 0 ? !product.sizes.includes(line.size) : line.size !== '')) errors.lines[line.key] = 'orderEdit.error.size';
    else if (!kept && product && (product.colors.length > 0 ? !product.colors.includes(line.color) : line.color !== '')) errors.lines[line.key] = 'orderEdit.error.color';
    else if (seen.has(key)) errors.lines[line.key] = 'orderEdit.error.duplicate';
    else if (quantity === null) errors.lines[line.key] = 'orderEdit.error.quantity';
    seen.add(key);
    lines.push({ productId: line.productId, size: line.size, color: line.color, quantity: quantity ?? 0 });
  }
  if (lines.length === 0) errors.form = 'orderEdit.error.noLines';
  const linesChanged = lines.length !== order.cartItems.length || lines.some((line, i) => variantKey(line) !== variantKey(order.cartItems[i]!) || line.quantity !== order.cartItems[i]!.quantity);
  if (linesChanged) edit.lines = lines;

  if (edit.reason === '') errors.fields.reason = 'orderEdit.error.reason';
  else if (edit.reason.length > MAX_REASON) errors.fields.reason = 'orderEdit.error.reasonTooLong';

  const wrong = Object.keys(errors.fields).length > 0 || Object.keys(errors.lines).length > 0 || errors.form !== undefined;
  if (!wrong && Object.keys(edit).length === 2) errors.form = 'orderEdit.error.nothing';
  return errors.form === undefined && !wrong ? { ok: true, edit } : { ok: false, errors };
}

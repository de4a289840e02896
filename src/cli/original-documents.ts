/**
 * The old shop's documents (issue 19, decision 041) as this shop's records: pure, one function per
 * collection. Each answers the record and every change it made ("price "450" -> 450"), or why the
 * document cannot be imported. Fields are those the old client sent (spec section 3): `_id` an
 * ObjectId, numbers often strings, `orderTime` a date, phones as typed.
 */
import type { CartLineToImport } from '../modules/cart/index.js';
import type { CategoryToImport, ProductToImport } from '../modules/catalogue/index.js';
import type { CouponToImport, SliderToImport } from '../modules/promotions/index.js';
import type { UserToImport } from '../modules/identity/index.js';
import type { OrderLine, OrderStatus, OriginalOrder } from '../modules/ordering/index.js';
import { couponCodeCharacters, maxCouponCodeLength, normalizeCouponCode } from '../shared/coupon-code.js';
import { idPattern, type IdGenerator } from '../shared/ids.js';
import { isShowableImageUrl } from '../shared/image-url.js';
import { deliveryZones, isWholeBasisPoints, percentToBasisPoints, type DeliveryZone } from '../shared/money.js';
import { normalizeBdMobile } from '../shared/phone.js';
import { maxVariantsPerProduct } from '../shared/stock.js';

export type Mapped<T> = { value: T; changes: string[] } | { rejected: string };
type Doc = Record<string, unknown>;

const maxTitle = 120;
const maxDescription = 5000;
const maxLabels = 20;
const maxLabel = 40;
const maxImages = 3;
const maxPrice = 10_000_000;
const maxQuantity = 99;
/** The old checkout's first option of the delivery select, sent when nobody chose a zone. */
export const zonePlaceholder = 'Select Delivery Location';

const shown = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : v instanceof Date ? v.toISOString() : JSON.stringify(v) ?? String(v));

/** Text as stored: strings trimmed, numbers written out, anything else empty. */
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
/** Runs of spaces as one (names compared ignoring case and spaces). */
const oneSpaced = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** A number, or a string holding one ("450", " 2 "): the string is noted. */
function numberOf(v: unknown, field: string, changes: string[]): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) {
    const n = Number(v);
    changes.push(`${field} ${shown(v)} -> ${n}`);
    return n;
  }
  return null;
}

/** The document's ObjectId as 24 lower-case hex digits, or null. */
export function objectIdOf(v: unknown): string | null {
  const s = typeof v === 'string' ? v.trim().toLowerCase() : '';
  return idPattern.test(s) ? s : null;
}

/** An ObjectId's first 4 bytes are its creation time in seconds: the record's createdAt. */
export const objectIdTime = (id: string): Date => new Date(parseInt(id.slice(0, 8), 16) * 1000);

/** The id to keep: the ObjectId when there is one (old links name it), else a new one, noted. */
function idFor(doc: Doc, newId: IdGenerator, changes: string[]): string {
  const id = objectIdOf(doc._id);
  if (id) return id;
  const fresh = newId();
  changes.push(`_id ${shown(doc._id)} is not an ObjectId -> new id ${fresh}`);
  return fresh;
}

const createdAtOf = (id: string, fallback: Date): Date => (/^[0-9a-f]{8}/.test(id) && objectIdTime(id).getTime() > 0 ? objectIdTime(id) : fallback);

/** A list of labels: an array, or a comma-separated string (the old form's input); trimmed, empties and repeats dropped. */
function labels(v: unknown, field: string, changes: string[]): string[] {
  const raw = Array.isArray(v) ? v.map(text) : typeof v === 'string' ? v.split(',').map((s) => s.trim()) : [];
  if (typeof v === 'string' && v.trim()) changes.push(`${field} ${shown(v)} -> a list`);
  let list = [...new Set(raw.filter(Boolean))];
  if (list.some((s) => s.length > maxLabel)) {
    list = list.map((s) => s.slice(0, maxLabel));
    changes.push(`${field}: each cut to ${maxLabel} characters`);
  }
  if (list.length > maxLabels) {
    changes.push(`${field}: ${list.length} -> the first ${maxLabels}`);
    list = list.slice(0, maxLabels);
  }
  return list;
}

/** An image address the shop can show: https (imgbb's were); http is made https. */
function imageOf(v: unknown, field: string, changes: string[]): string | null {
  let url = text(v);
  if (url.startsWith('http://')) {
    changes.push(`${field} http -> https`);
    url = `https://${url.slice('http://'.length)}`;
  }
  return url && isShowableImageUrl(url) ? url : null;
}

export function originalCategory(doc: Doc, newId: IdGenerator, now: Date): Mapped<CategoryToImport> {
  const changes: string[] = [];
  const raw = text(doc.category) || text(doc.name);
  const name = oneSpaced(raw);
  if (!name) return { rejected: 'no name (category)' };
  if (name !== raw) changes.push(`name ${shown(raw)} -> ${shown(name)}`);
  const id = idFor(doc, newId, changes);
  return { value: { id, name: name.slice(0, 80), createdAt: createdAtOf(id, now) }, changes };
}

export function originalProduct(doc: Doc, newId: IdGenerator, now: Date): Mapped<ProductToImport> {
  const changes: string[] = [];
  let title = text(doc.title);
  if (!title) return { rejected: 'no title' };
  if (title.length > maxTitle) {
    changes.push(`title cut to ${maxTitle} characters`);
    title = title.slice(0, maxTitle);
  }
  let description = text(doc.description);
  if (description.length > maxDescription) {
    changes.push(`description cut to ${maxDescription} characters`);
    description = description.slice(0, maxDescription);
  }
  let category = oneSpaced(text(doc.category)).slice(0, 80);
  if (!category) {
    category = 'Unnamed';
    changes.push('no category -> "Unnamed"');
  }
  let price = numberOf(doc.price, 'price', changes);
  if (price === null || price < 0 || price > maxPrice) return { rejected: `price ${shown(doc.price)} is not a price from 0 to ${maxPrice} taka` };
  if (!Number.isInteger(price)) {
    changes.push(`price ${price} -> ${Math.round(price)} (whole taka)`);
    price = Math.round(price);
  }
  const sizes = labels(doc.sizes, 'sizes', changes);
  let colors = labels(doc.colors, 'colors', changes);
  if (Math.max(sizes.length, 1) * Math.max(colors.length, 1) > maxVariantsPerProduct) {
    const keep = Math.floor(maxVariantsPerProduct / Math.max(sizes.length, 1));
    changes.push(`${sizes.length} sizes x ${colors.length} colors is over ${maxVariantsPerProduct} variants -> the first ${keep} colors`);
    colors = colors.slice(0, keep);
  }
  const rawImages = Array.isArray(doc.images) ? doc.images : doc.images === undefined ? [] : [doc.images];
  let images: string[] = [];
  for (const [i, v] of rawImages.entries()) {
    const url = imageOf(v, `images[${i}]`, changes);
    if (url) images.push(url);
    else changes.push(`images[${i}] ${shown(v)} is not an https address -> left out`);
  }
  if (images.length > maxImages) {
    changes.push(`${images.length} images -> the first ${maxImages}`);
    images = images.slice(0, maxImages);
  }
  const id = idFor(doc, newId, changes);
  return { value: { id, title, description, category, price, sizes, colors, images, createdAt: createdAtOf(id, now) }, changes };
}

export function originalSlider(doc: Doc, newId: IdGenerator, now: Date): Mapped<SliderToImport> {
  const changes: string[] = [];
  const image = imageOf(doc.image, 'image', changes);
  if (!image) return { rejected: `image ${shown(doc.image)} is not an https address` };
  const id = idFor(doc, newId, changes);
  return { value: { id, image, createdAt: createdAtOf(id, now) }, changes };
}

export function originalCoupon(doc: Doc, newId: IdGenerator, now: Date): Mapped<CouponToImport> {
  const changes: string[] = [];
  const raw = text(doc.code);
  const code = normalizeCouponCode(raw);
  if (!code) return { rejected: 'no code' };
  if (code !== raw) changes.push(`code ${shown(raw)} -> ${shown(code)}`);
  if (!couponCodeCharacters.test(code) || code.length > maxCouponCodeLength) return { rejected: `code ${shown(code)}: codes are letters, digits, - and _, at most ${maxCouponCodeLength}` };
  let percent = numberOf(doc.discountPercent, 'discountPercent', changes);
  if (percent === null || percent < 1 || percent > 100) return { rejected: `discountPercent ${shown(doc.discountPercent)} is not from 1 to 100` };
  if (!isWholeBasisPoints(percent)) {
    const rounded = percentToBasisPoints(percent) / 100;
    changes.push(`discountPercent ${percent} -> ${rounded} (two decimals)`);
    percent = rounded;
  }
  const id = idFor(doc, newId, changes);
  return { value: { id, code, discountBasisPoints: percentToBasisPoints(percent), createdAt: createdAtOf(id, now) }, changes };
}

export function originalUser(doc: Doc, newId: IdGenerator, now: Date): Mapped<UserToImport> {
  const changes: string[] = [];
  const email = text(doc.email);
  if (!email) return { rejected: 'no email' };
  const role = text(doc.role).toLowerCase() === 'admin' ? 'admin' : 'customer';
  const id = idFor(doc, newId, changes);
  return { value: { id, name: text(doc.name).slice(0, 100), email, role, createdAt: createdAtOf(id, now) }, changes };
}

/** A cart line before its owner is known: `email` names them. */
export type OriginalCartLine = Omit<CartLineToImport, 'userId'> & { email: string };

function quantityOf(v: unknown, field: string, changes: string[]): number | null {
  const n = numberOf(v, field, changes);
  if (n === null || n < 1) return null;
  if (!Number.isInteger(n)) {
    changes.push(`${field} ${n} -> ${Math.round(n) || 1}`);
    return Math.round(n) || 1;
  }
  return n;
}

export function originalCartLine(doc: Doc, newId: IdGenerator, now: Date): Mapped<OriginalCartLine> {
  const changes: string[] = [];
  const email = text(doc.email);
  if (!email) return { rejected: 'no email (whose cart?)' };
  const productId = objectIdOf(doc.productId);
  if (!productId) return { rejected: `productId ${shown(doc.productId)} is not a product id` };
  let quantity = quantityOf(doc.quantity, 'quantity', changes);
  if (quantity === null) return { rejected: `quantity ${shown(doc.quantity)} is not a whole number from 1` };
  if (quantity > maxQuantity) {
    changes.push(`quantity ${quantity} -> ${maxQuantity} (the most a cart line holds)`);
    quantity = maxQuantity;
  }
  const id = idFor(doc, newId, changes);
  return { value: { id, email, productId, size: text(doc.size), color: text(doc.color), quantity, createdAt: createdAtOf(id, now) }, changes };
}

/** An order before its owner is known: `email` names them. */
export type OriginalOrderDoc = { id: string; email: string; placedAt: Date; order: Omit<OriginalOrder, 'owner'> };

function statusOf(v: unknown, changes: string[]): OrderStatus {
  const raw = text(v);
  const s = raw.toLowerCase();
  const status = s === 'pending' ? 'Pending' : s === 'confirmed' ? 'Confirmed' : s === 'canceled' || s === 'cancelled' ? 'Canceled' : null;
  if (status) {
    if (status !== raw) changes.push(`status ${shown(v)} -> ${shown(status)}`);
    return status;
  }
  changes.push(`status ${shown(v)} -> "Pending" (not one of Pending, Confirmed, Canceled)`);
  return 'Pending';
}

function zoneOf(v: unknown, changes: string[], asRecorded: { deliveryLocation?: string }): DeliveryZone | '' {
  const raw = text(v);
  const zone = deliveryZones.find((z) => z.toLowerCase() === oneSpaced(raw).toLowerCase());
  if (zone) {
    if (zone !== raw) changes.push(`deliveryLocation ${shown(raw)} -> ${shown(zone)}`);
    return zone;
  }
  if (raw === zonePlaceholder || raw === '') changes.push(`deliveryLocation ${raw ? 'placeholder' : 'missing'} -> (blank)`);
  else changes.push(`deliveryLocation ${shown(raw)} is no zone -> (blank), kept in the event`);
  if (raw) asRecorded.deliveryLocation = raw;
  return '';
}

function lineOf(item: unknown, i: number, changes: string[]): OrderLine {
  const d = (item && typeof item === 'object' ? item : {}) as Doc;
  const at = `cartItems[${i}]`;
  let quantity = quantityOf(d.quantity, `${at}.quantity`, changes);
  if (quantity === null) {
    changes.push(`${at}.quantity ${shown(d.quantity)} -> 1`);
    quantity = 1;
  }
  let price = numberOf(d.price, `${at}.price`, changes);
  if (price === null || price < 0) {
    changes.push(`${at}.price ${shown(d.price)} -> 0`);
    price = 0;
  }
  if (!Number.isInteger(price)) {
    changes.push(`${at}.price ${price} -> ${Math.round(price)} (whole taka)`);
    price = Math.round(price);
  }
  const unitPrice = Math.round(price / quantity);
  if (unitPrice * quantity !== price) changes.push(`${at}: price ${price} is not a whole unit price x ${quantity}: unit price ${unitPrice}, line price kept`);
  const productId = objectIdOf(d.productId) ?? '';
  if (!productId) changes.push(`${at}.productId ${shown(d.productId)} is not a product id -> (blank)`);
  const image = imageOf(d.image ?? d.imageLink, `${at}.image`, changes) ?? '';
  return { productId, title: text(d.title), category: text(d.category), image, size: text(d.size), color: text(d.color), quantity, unitPrice, price };
}

/**
 * An order as the old client recorded it. Its phone is normalised when it is a Bangladeshi mobile
 * number and kept as typed otherwise; its time is `orderTime` (else its ObjectId's time).
 */
export function originalOrder(doc: Doc, newId: IdGenerator, now: Date): Mapped<OriginalOrderDoc> {
  const changes: string[] = [];
  const email = text(doc.email);
  if (!email) return { rejected: 'no email (whose order?)' };
  const id = idFor(doc, newId, changes);
  const asRecorded: { phone?: string; deliveryLocation?: string; paymentMethod?: string } = {};

  const rawPhone = text(doc.phone);
  const phone = normalizeBdMobile(rawPhone) ?? rawPhone;
  if (phone !== rawPhone) {
    changes.push(`phone ${shown(rawPhone)} -> ${shown(phone)}`);
    asRecorded.phone = rawPhone;
  } else if (!normalizeBdMobile(phone)) changes.push(`phone ${shown(rawPhone)} is not a Bangladeshi mobile number: kept as given`);

  const deliveryLocation = zoneOf(doc.deliveryLocation, changes, asRecorded);
  const paymentMethod = text(doc.paymentMethod);
  if (paymentMethod !== 'Cash On Delivery') {
    changes.push(`paymentMethod ${shown(doc.paymentMethod)} -> "Cash On Delivery", kept in the event`);
    if (paymentMethod) asRecorded.paymentMethod = paymentMethod;
  }
  const coupon = normalizeCouponCode(text(doc.appliedCoupon));
  let percent = doc.discountPercent === undefined || doc.discountPercent === null || doc.discountPercent === '' ? 0 : numberOf(doc.discountPercent, 'discountPercent', changes);
  if (percent === null || percent < 0 || percent > 100) {
    changes.push(`discountPercent ${shown(doc.discountPercent)} -> 0`);
    percent = 0;
  }
  const items = Array.isArray(doc.cartItems) ? doc.cartItems : [];
  if (items.length === 0) changes.push('no cartItems: an order of no lines');
  const lines = items.map((item, i) => lineOf(item, i, changes));
  const status = statusOf(doc.status, changes);

  let placedAt: Date;
  const time = doc.orderTime instanceof Date ? doc.orderTime : typeof doc.orderTime === 'string' || typeof doc.orderTime === 'number' ? new Date(doc.orderTime) : null;
  if (time && Number.isFinite(time.getTime())) {
    placedAt = time;
    if (!(doc.orderTime instanceof Date)) changes.push(`orderTime ${shown(doc.orderTime)} -> ${time.toISOString()}`);
  } else {
    placedAt = createdAtOf(id, now);
    changes.push(`orderTime ${shown(doc.orderTime)} -> ${placedAt.toISOString()} (the time in its _id)`);
  }

  let amount = numberOf(doc.amount, 'amount', changes);
  if (amount === null || amount < 0) {
    amount = lines.reduce((sum, l) => sum + l.price, 0);
    changes.push(`amount ${shown(doc.amount)} -> ${amount} (its lines; the delivery fee is not known)`);
  } else if (!Number.isInteger(amount)) changes.push(`amount ${amount} -> ${Math.max(0, Math.ceil(amount - 0.5))} in lists (whole taka, halves down); ${amount} kept in the event`);

  return {
    value: {
      id,
      email,
      placedAt,
      order: {
        name: text(doc.name),
        phone,
        address: text(doc.address),
        deliveryLocation,
        appliedCoupon: coupon || null,
        discountBasisPoints: Math.min(10_000, Math.max(0, percentToBasisPoints(percent))),
        lines,
        status,
        amount,
        ...(Object.keys(asRecorded).length ? { asRecorded } : {}),
      },
    },
    changes,
  };
}

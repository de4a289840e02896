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
import type { OriginalOrder } from '../modules/order-import/index.js';
import type { OrderLine, OrderStatus } from '../modules/ordering/index.js';
import { couponCodeCharacters, maxCouponCodeLength, normalizeCouponCode } from '../shared/coupon-code.js';
import { idPattern, type IdGenerator } from '../shared/ids.js';
import { isShowableImageUrl } from '../shared/image-url.js';
import { deliveryZones, isWholeBasisPoints, percentToBasisPoints, type DeliveryZone } from '../shared/money.js';
import { normalizeBdMobile } from '../shared/phone.js';
import { maxVariantsPerProduct } from '../shared/stock.js';

/**
 * `rejected`: the document is left out and the report says why (the old shop's own quirks).
 * `refused`: the document is one the live shop would never accept (issue 40: a date no clock can
 * hold, an order over the API's bounds): the whole import is refused and nothing is written.
 */
export type Mapped<T> = { value: T; changes: string[] } | { rejected: string } | { refused: string };
type Doc = Record<string, unknown>;

/**
 * The bounds an order placed through the API meets (issue 40), read from the same settings:
 * MAX_ORDER_LINES, MAX_LINE_QUANTITY (also the most a cart line holds), MAX_ORDER_TOTAL.
 */
export type OriginalLimits = { maxOrderLines: number; maxLineQuantity: number; maxOrderTotal: number };
export const defaultOriginalLimits: OriginalLimits = { maxOrderLines: 50, maxLineQuantity: 99, maxOrderTotal: 500_000 };

// The API's own caps (the zod schemas of the catalogue, identity and ordering routes).
const maxTitle = 120;
const maxDescription = 5000;
const maxCategory = 80;
const maxLabels = 20;
const maxLabel = 40;
const maxImages = 3;
const maxImageUrl = 2048;
const maxPrice = 10_000_000;
const maxUserName = 80;
const maxOrderName = 80;
const maxAddress = 500;
const maxPhone = 32;
/** Times a record of the original product can have: none before 2000, none after tomorrow. */
const earliestTime = Date.UTC(2000, 0, 1);
const latestTime = (now: Date) => now.getTime() + 24 * 3600 * 1000;
const isPlausibleTime = (d: Date, now: Date) => Number.isFinite(d.getTime()) && d.getTime() >= earliestTime && d.getTime() <= latestTime(now);
/** The old checkout's first option of the delivery select, sent when nobody chose a zone. */
const zonePlaceholder = 'Select Delivery Location';

/** A value as the report shows it: short, and never a throw (an invalid Date, a BigInt, a cycle). */
function shown(v: unknown): string {
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? v.toISOString() : 'a time no date can hold';
  let out: string;
  try {
    out = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    out = typeof v;
  }
  return out.length > 80 ? `${out.slice(0, 77)}...` : out;
}

/** Text cut to the API's cap, the cut noted. */
function capped(value: string, max: number, field: string, changes: string[]): string {
  if (value.length <= max) return value;
  changes.push(`${field} cut to ${max} characters (the shop's limit)`);
  return value.slice(0, max);
}

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
function objectIdOf(v: unknown): string | null {
  const s = typeof v === 'string' ? v.trim().toLowerCase() : '';
  return idPattern.test(s) ? s : null;
}

/** An ObjectId's first 4 bytes are its creation time in seconds: the record's createdAt. */
const objectIdTime = (id: string): Date => new Date(parseInt(id.slice(0, 8), 16) * 1000);

/** The id to keep: the ObjectId when there is one (old links name it), else a new one, noted. */
function idFor(doc: Doc, newId: IdGenerator, changes: string[]): string {
  const id = objectIdOf(doc._id);
  if (id) return id;
  const fresh = newId();
  changes.push(`_id ${shown(doc._id)} is not an ObjectId -> new id ${fresh}`);
  return fresh;
}

/** The ObjectId's time when it is a plausible one (an id of ffffffff... says 2106), else `now`. */
const createdAtOf = (id: string, now: Date): Date => (/^[0-9a-f]{8}/.test(id) && isPlausibleTime(objectIdTime(id), now) ? objectIdTime(id) : now);

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
  if (url.length > maxImageUrl) return null;
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
  return { value: { id, name: name.slice(0, maxCategory), createdAt: createdAtOf(id, now) }, changes };
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
  let category = oneSpaced(text(doc.category)).slice(0, maxCategory);
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
  // The shop shows every product with a picture (a CHECK of the products table): none is a rejection, not a fault.
  if (images.length === 0) return { rejected: 'no https image: a product of the shop has 1 to 3' };
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

/**
 * A profile, always a customer's: a role in the file is never believed (issue 40: a file that says
 * `role: "admin"` made its author an admin). Admins are named on the command line (`--admins`).
 */
export function originalUser(doc: Doc, newId: IdGenerator, now: Date): Mapped<UserToImport> {
  const changes: string[] = [];
  const email = text(doc.email);
  if (!email) return { rejected: 'no email' };
  if (email.length > 254) return { rejected: 'email longer than 254 characters' };
  const role = text(doc.role);
  if (role && role.toLowerCase() !== 'customer') changes.push(`role ${shown(role)} in the file -> customer (roles come only from --admins)`);
  const id = idFor(doc, newId, changes);
  return { value: { id, name: capped(text(doc.name), maxUserName, 'name', changes), email, createdAt: createdAtOf(id, now) }, changes };
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

export function originalCartLine(doc: Doc, newId: IdGenerator, now: Date, limits: OriginalLimits = defaultOriginalLimits): Mapped<OriginalCartLine> {
  const changes: string[] = [];
  const email = text(doc.email);
  if (!email) return { rejected: 'no email (whose cart?)' };
  if (email.length > 254) return { rejected: 'email longer than 254 characters' };
  const productId = objectIdOf(doc.productId);
  if (!productId) return { rejected: `productId ${shown(doc.productId)} is not a product id` };
  let quantity = quantityOf(doc.quantity, 'quantity', changes);
  if (quantity === null) return { rejected: `quantity ${shown(doc.quantity)} is not a whole number from 1` };
  if (quantity > limits.maxLineQuantity) {
    changes.push(`quantity ${quantity} -> ${limits.maxLineQuantity} (the most a cart line holds, MAX_LINE_QUANTITY)`);
    quantity = limits.maxLineQuantity;
  }
  const id = idFor(doc, newId, changes);
  const size = capped(text(doc.size), maxLabel, 'size', changes);
  const color = capped(text(doc.color), maxLabel, 'color', changes);
  return { value: { id, email, productId, size, color, quantity, createdAt: createdAtOf(id, now) }, changes };
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

/** A line of an old order, or why the live shop would refuse it (a string). */
function lineOf(item: unknown, i: number, changes: string[], limits: OriginalLimits): OrderLine | string {
  const d = (item && typeof item === 'object' ? item : {}) as Doc;
  const at = `cartItems[${i}]`;
  let quantity = quantityOf(d.quantity, `${at}.quantity`, changes);
  if (quantity === null) {
    changes.push(`${at}.quantity ${shown(d.quantity)} -> 1`);
    quantity = 1;
  }
  if (quantity > limits.maxLineQuantity) return `${at}.quantity ${quantity}: a line holds at most ${limits.maxLineQuantity} (MAX_LINE_QUANTITY)`;
  let price = numberOf(d.price, `${at}.price`, changes);
  if (price === null || price < 0) {
    changes.push(`${at}.price ${shown(d.price)} -> 0`);
    price = 0;
  }
  if (price > maxPrice * quantity) return `${at}.price ${price}: a product costs at most ${maxPrice} taka`;
  if (!Number.isInteger(price)) {
    changes.push(`${at}.price ${price} -> ${Math.round(price)} (whole taka)`);
    price = Math.round(price);
  }
  const unitPrice = Math.round(price / quantity);
  if (unitPrice * quantity !== price) changes.push(`${at}: price ${price} is not a whole unit price x ${quantity}: unit price ${unitPrice}, line price kept`);
  const productId = objectIdOf(d.productId) ?? '';
  if (!productId) changes.push(`${at}.productId ${shown(d.productId)} is not a product id -> (blank)`);
  const image = imageOf(d.image ?? d.imageLink, `${at}.image`, changes) ?? '';
  return {
    productId,
    title: capped(text(d.title), maxTitle, `${at}.title`, changes),
    category: capped(text(d.category), maxCategory, `${at}.category`, changes),
    image,
    size: capped(text(d.size), maxLabel, `${at}.size`, changes),
    color: capped(text(d.color), maxLabel, `${at}.color`, changes),
    quantity,
    unitPrice,
    price,
  };
}

/**
 * An order as the old client recorded it. Its phone is normalised when it is a Bangladeshi mobile
 * number and kept as typed otherwise; its time is `orderTime` (else its ObjectId's time).
 */
export function originalOrder(doc: Doc, newId: IdGenerator, now: Date, limits: OriginalLimits = defaultOriginalLimits): Mapped<OriginalOrderDoc> {
  const changes: string[] = [];
  const email = text(doc.email);
  if (!email) return { rejected: 'no email (whose order?)' };
  if (email.length > 254) return { rejected: 'email longer than 254 characters' };
  // The bounds first, before a line is read: an order the API would refuse is not history to keep.
  const items = Array.isArray(doc.cartItems) ? doc.cartItems : [];
  if (items.length > limits.maxOrderLines) return { refused: `an order of ${items.length} lines: an order holds at most ${limits.maxOrderLines} (MAX_ORDER_LINES)` };
  let placedAt: Date | null = null;
  const recordedTime = doc.orderTime;
  if (recordedTime !== undefined && recordedTime !== null && recordedTime !== '') {
    const time = recordedTime instanceof Date ? recordedTime : typeof recordedTime === 'string' || typeof recordedTime === 'number' ? new Date(recordedTime) : new Date(Number.NaN);
    if (!isPlausibleTime(time, now)) {
      return { refused: `orderTime ${shown(recordedTime)} is not a time an order can have (from 2000-01-01 to tomorrow)` };
    }
    placedAt = time;
    if (!(recordedTime instanceof Date)) changes.push(`orderTime ${shown(recordedTime)} -> ${time.toISOString()}`);
  }
  const id = idFor(doc, newId, changes);
  const asRecorded: { phone?: string; deliveryLocation?: string; paymentMethod?: string } = {};

  const rawPhone = capped(text(doc.phone), maxPhone, 'phone', changes);
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
  const coupon = capped(normalizeCouponCode(text(doc.appliedCoupon)), maxCouponCodeLength, 'appliedCoupon', changes);
  let percent = doc.discountPercent === undefined || doc.discountPercent === null || doc.discountPercent === '' ? 0 : numberOf(doc.discountPercent, 'discountPercent', changes);
  if (percent === null || percent < 0 || percent > 100) {
    changes.push(`discountPercent ${shown(doc.discountPercent)} -> 0`);
    percent = 0;
  }
  if (items.length === 0) changes.push('no cartItems: an order of no lines');
  const lines: OrderLine[] = [];
  for (const [i, item] of items.entries()) {
    const line = lineOf(item, i, changes, limits);
    if (typeof line === 'string') return { refused: line };
    lines.push(line);
  }
  const status = statusOf(doc.status, changes);

  if (placedAt === null) {
    placedAt = createdAtOf(id, now);
    changes.push(`orderTime ${shown(doc.orderTime)} -> ${placedAt.toISOString()} (the time in its _id)`);
  }

  const subtotal = lines.reduce((sum, l) => sum + l.price, 0);
  let amount = numberOf(doc.amount, 'amount', changes);
  if (amount === null || amount < 0) {
    amount = subtotal;
    changes.push(`amount ${shown(doc.amount)} -> ${amount} (its lines; the delivery fee is not known)`);
  } else if (!Number.isInteger(amount)) changes.push(`amount ${amount} -> ${Math.max(0, Math.ceil(amount - 0.5))} in lists (whole taka, halves down); ${amount} kept in the event`);
  const largest = Math.max(amount, subtotal);
  if (largest > limits.maxOrderTotal) return { refused: `an order of ${largest} taka: an order comes to at most ${limits.maxOrderTotal} (MAX_ORDER_TOTAL)` };

  return {
    value: {
      id,
      email,
      placedAt,
      order: {
        name: capped(text(doc.name), maxOrderName, 'name', changes),
        phone,
        address: capped(text(doc.address), maxAddress, 'address', changes),
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

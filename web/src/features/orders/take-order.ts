import { fromBengaliDigits } from '../../../../src/shared/locale-format';
import { isDeliveryZone } from '../../../../src/shared/money';
import { normalizeBdMobile } from '../../../../src/shared/phone';
import { takenChannels, type TakenChannel } from '../../../../src/shared/staff-orders';
import type { KnownCustomer, TakeOrderBody } from './api/take-order';
import { readQuantity, variantKey, type CatalogueProduct } from './order-edit';

/**
 * An order the staff take at the desk for a person without an account (issue 36), as the page's
 * form holds it and as POST /api/orders/staff takes it: pure, so the page and its tests agree with
 * the server's checks. The server prices it (the form shows its quote) and checks it again.
 */

/** The longest reason the server takes. */
export const MAX_REASON = 200;

/** One item of the order: a variant of a product and its quantity as typed. */
export type TakeLine = {
  /** Names the line in the page while its variant changes. */
  key: string;
  productId: string;
  title: string;
  titleBn?: string | undefined;
  size: string;
  color: string;
  quantity: string;
};

export type TakeForm = {
  phone: string;
  name: string;
  address: string;
  /** English names, '' while none is chosen; the zone follows the thana. */
  district: string;
  thana: string;
  deliveryLocation: string;
  lines: TakeLine[];
  coupon: string;
  channel: TakenChannel | '';
  /** The language of the customer's SMS. */
  lang: 'en' | 'bn';
  /** Taka as typed (Bengali digits too); '' for none. */
  discount: string;
  discountReason: string;
  waiveFee: boolean;
  waiveReason: string;
};

export const emptyTakeForm = (lang: 'en' | 'bn'): TakeForm => ({
  phone: '',
  name: '',
  address: '',
  district: '',
  thana: '',
  deliveryLocation: '',
  lines: [],
  coupon: '',
  channel: 'phone',
  lang,
  discount: '',
  discountReason: '',
  waiveFee: false,
  waiveReason: '',
});

/** The form's refusals, as message ids of the take-order namespace. */
export type TakeError =
  | 'takeOrder.error.phone'
  | 'takeOrder.error.name'
  | 'takeOrder.error.address'
  | 'takeOrder.error.district'
  | 'takeOrder.error.thana'
  | 'takeOrder.error.zone'
  | 'takeOrder.error.channel'
  | 'takeOrder.error.noLines'
  | 'takeOrder.error.quantity'
  | 'takeOrder.error.size'
  | 'takeOrder.error.color'
  | 'takeOrder.error.duplicate'
  | 'takeOrder.error.discount'
  | 'takeOrder.error.discountReason'
  | 'takeOrder.error.waiveReason'
  | 'takeOrder.error.reasonTooLong';

export type TakeField = 'phone' | 'name' | 'address' | 'district' | 'thana' | 'deliveryLocation' | 'channel' | 'discount' | 'discountReason' | 'waiveReason';

export type TakeErrors = {
  fields: Partial<Record<TakeField, TakeError>>;
  /** By line key. */
  lines: Record<string, TakeError>;
  form?: TakeError;
};

export type ReadTake = { ok: true; body: TakeOrderBody } | { ok: false; errors: TakeErrors };

/** A discount as typed: whole taka from 1, or null; '' is none (0). */
export function readTaka(text: string): number | null {
  const digits = fromBengaliDigits(text.trim());
  if (digits === '') return 0;
  if (!/^\d{1,8}$/.test(digits)) return null;
  return Number(digits);
}

const reasonError = (reason: string, missing: TakeError): TakeError | undefined => {
  const r = reason.trim();
  if (r === '') return missing;
  return r.length > MAX_REASON ? 'takeOrder.error.reasonTooLong' : undefined;
};

/**
 * The form as POST /api/orders/staff takes it, or what is wrong with it: a Bangladeshi mobile
 * number, a name and an address, the district and thana (the zone follows), at least one item with
 * a size and color of its product when it has them and a quantity from 1 to 99, each variant once,
 * where the order came from, and a reason for a discount or a waived fee.
 */
export function readTakeForm(form: TakeForm, products: ReadonlyMap<string, CatalogueProduct>): ReadTake {
  const errors: TakeErrors = { fields: {}, lines: {} };
  const phone = normalizeBdMobile(form.phone);
  if (phone === null) errors.fields.phone = 'takeOrder.error.phone';
  const name = form.name.trim();
  if (name === '' || name.length > 80) errors.fields.name = 'takeOrder.error.name';
  const address = form.address.trim();
  if (address === '' || address.length > 500) errors.fields.address = 'takeOrder.error.address';
  if (form.district === '') errors.fields.district = 'takeOrder.error.district';
  else if (form.thana === '') errors.fields.thana = 'takeOrder.error.thana';
  else if (!isDeliveryZone(form.deliveryLocation)) errors.fields.deliveryLocation = 'takeOrder.error.zone';
  if (form.channel === '' || !(takenChannels as readonly string[]).includes(form.channel)) errors.fields.channel = 'takeOrder.error.channel';

  const lines: TakeOrderBody['lines'] = [];
  const seen = new Set<string>();
  for (const line of form.lines) {
    const quantity = readQuantity(line.quantity);
    const product = products.get(line.productId);
    const key = variantKey(line);
    if (product && product.sizes.length > 0 && !product.sizes.includes(line.size)) errors.lines[line.key] = 'takeOrder.error.size';
    else if (product && product.colors.length > 0 && !product.colors.includes(line.color)) errors.lines[line.key] = 'takeOrder.error.color';
    else if (seen.has(key)) errors.lines[line.key] = 'takeOrder.error.duplicate';
    else if (quantity === null) errors.lines[line.key] = 'takeOrder.error.quantity';
    seen.add(key);
    lines.push({ productId: line.productId, size: line.size, color: line.color, quantity: quantity ?? 0 });
  }
  if (lines.length === 0) errors.form = 'takeOrder.error.noLines';

  const discount = readTaka(form.discount);
  if (discount === null) errors.fields.discount = 'takeOrder.error.discount';
  const discountReason = discount ? reasonError(form.discountReason, 'takeOrder.error.discountReason') : undefined;
  if (discountReason) errors.fields.discountReason = discountReason;
  const waiveReason = form.waiveFee ? reasonError(form.waiveReason, 'takeOrder.error.waiveReason') : undefined;
  if (waiveReason) errors.fields.waiveReason = waiveReason;

  const wrong = Object.keys(errors.fields).length > 0 || Object.keys(errors.lines).length > 0 || errors.form !== undefined;
  if (wrong || phone === null || !isDeliveryZone(form.deliveryLocation) || form.channel === '') return { ok: false, errors };
  const coupon = form.coupon.trim();
  return {
    ok: true,
    body: {
      customer: { name, phone, address, district: form.district, thana: form.thana },
      lines,
      deliveryLocation: form.deliveryLocation,
      ...(coupon ? { appliedCoupon: coupon } : {}),
      channel: form.channel,
      ...(discount ? { discount: { amount: discount, reason: form.discountReason.trim() } } : {}),
      ...(form.waiveFee ? { waiveDeliveryFee: { reason: form.waiveReason.trim() } } : {}),
      lang: form.lang,
    },
  };
}

/**
 * What the shop knows of the phone, as the form's customer fields: the record's name, address and
 * area (the staff's latest), else those of the phone's newest order; nothing to fill when neither
 * has them.
 */
export function knownDetails(known: KnownCustomer): Partial<Pick<TakeForm, 'name' | 'address' | 'district' | 'thana' | 'deliveryLocation'>> {
  const record = known.customer && known.customer.name !== '' ? known.customer : null;
  const from = record ?? known.lastOrder;
  if (!from) return {};
  return {
    name: from.name,
    address: from.address,
    district: from.district ?? '',
    thana: from.district ? (from.thana ?? '') : '',
    deliveryLocation: isDeliveryZone(from.deliveryLocation ?? '') ? (from.deliveryLocation as string) : '',
  };
}

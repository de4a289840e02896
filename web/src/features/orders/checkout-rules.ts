import type { Body } from '../../lib/api/contracts';
import {
  discountOf,
  feeBeforeZone,
  isDeliveryZone,
  orderTotals,
  percentToBasisPoints,
  subtotalOf,
  type DeliveryZone,
  type PricedLine,
  type Totals,
} from '../../../../src/shared/money';
import { normalizeBdMobile } from '../../../../src/shared/phone';
import type { Lang } from '../../../../src/shared/locale-format';

/** What the page offers; the contract of POST /api/orders names the methods the server takes. */
export const PAYMENT_METHODS = ['Cash On Delivery'] as const satisfies readonly Body<'post /orders'>['paymentMethod'][];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The totals checkout shows, with the coupon's percent as GET /api/coupon/:code and the server's orders give it. */
export type CheckoutTotals = Omit<Totals, 'discountBasisPoints'> & {
  /** 0 without a coupon. */
  discountPercent: number;
};

/**
 * The server's money rules (src/shared/money.ts), so the total the page shows is the total the
 * server computes; the server stays the authority and refuses an order whose total differs
 * (409 ordering/total-changed). Until a delivery location is chosen the fee shown is feeBeforeZone.
 */
export function checkoutTotals(lines: readonly PricedLine[], discountPercent: number, location: string): CheckoutTotals {
  const basisPoints = percentToBasisPoints(discountPercent);
  if (isDeliveryZone(location)) {
    const { subtotal, discount, fee, total } = orderTotals(lines, basisPoints, location);
    return { subtotal, discountPercent, discount, fee, total };
  }
  // Nothing can be ordered without a location: these totals are only shown.
  const subtotal = subtotalOf(lines);
  const discount = discountOf(subtotal, basisPoints);
  return { subtotal, discountPercent, discount, fee: feeBeforeZone, total: subtotal - discount + feeBeforeZone };
}

/** The server's rule (src/shared/phone.ts): 01[3-9] and 8 more digits, with or without +88 / 88 in front. */
export const isBangladeshiMobile = (raw: string): boolean => normalizeBdMobile(raw) !== null;

export type CheckoutFields = {
  name: string;
  phone: string;
  address: string;
  /** The district's English name (issue 34), as GET /api/areas lists it and POST /api/orders takes it. */
  district: string;
  /** The thana or upazila's English name, one of the district's. */
  thana: string;
  deliveryLocation: string;
  paymentMethod: string;
};

export type CheckoutField = keyof CheckoutFields;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The order of the fields on the page: the first invalid one gets the focus. */
export const CHECKOUT_FIELDS: readonly CheckoutField[] = ['name', 'phone', 'address', 'district', 'thana', 'deliveryLocation', 'paymentMethod'];

/** Every field is required; checked again here because `required` lets a value of only spaces through. */
export function validateCheckout(fields: CheckoutFields): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (fields.name.trim() === '') errors.name = 'Please enter your full name.';
  if (fields.phone.trim() === '') errors.phone = 'Please enter your phone number.';
  else if (!isBangladeshiMobile(fields.phone)) errors.phone = 'Please enter a Bangladeshi mobile number, e.g. 01712345678.';
  if (fields.address.trim() === '') errors.address = 'Please enter your address.';
  if (fields.district === '') errors.district = 'Please select your district.';
  if (fields.thana === '') errors.thana = 'Please select your thana or upazila.';
  if (!isDeliveryZone(fields.deliveryLocation)) errors.deliveryLocation = 'Please select a delivery location.';
  if (!(PAYMENT_METHODS as readonly string[]).includes(fields.paymentMethod)) errors.paymentMethod = 'Please select a payment method.';
  return errors;
}

/** A district or thana as GET /api/areas lists it: its English and Bengali names. */
type Named = { en: string; bn: string };
/** A district of GET /api/areas, each thana with the zone it is delivered in. */
export type AreaList = readonly (Named & { thanas: readonly (Named & { zone: string })[] })[];

/**
 * The zone a thana of a district is delivered in, as the API says it (src/shared/bd-areas.ts, zoneOf):
 * the checkout's delivery location follows from it. '' while none is chosen, or for a name the list
 * does not have (the list changed under the page).
 */
export function zoneOfThana(areas: AreaList | undefined, district: string, thana: string): DeliveryZone | '' {
  const zone = areas?.find((d) => d.en === district)?.thanas.find((t) => t.en === thana)?.zone ?? '';
  return isDeliveryZone(zone) ? zone : '';
}

/**
 * The options of the district or thana select: valued by the English name (what the order sends),
 * named in the language shown (Bengali names in Bengali), in that language's alphabetical order.
 */
export function areaOptions(items: readonly Named[], lang: Lang): { value: string; label: string }[] {
  return items
    .map((item) => ({ value: item.en, label: lang === 'bn' ? item.bn : item.en }))
    .sort((a, b) => a.label.localeCompare(b.label, lang === 'bn' ? 'bn' : 'en'));
}

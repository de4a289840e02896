import { isDeliveryLocation, PAYMENT_METHODS } from '../../lib/order-totals';

/** The server's rule: 01[3-9] and 8 more digits, with or without +88 / 88 in front. */
export const BD_MOBILE_PATTERN = /^(?:\+?88)?01[3-9]\d{8}$/;

/** People write 01712-345678 or 017 1234 5678: spaces and dashes are dropped before the check. */
export function normalizePhone(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export function isBangladeshiMobile(raw: string): boolean {
  return BD_MOBILE_PATTERN.test(normalizePhone(raw));
}

export type CheckoutFields = {
  name: string;
  phone: string;
  address: string;
  deliveryLocation: string;
  paymentMethod: string;
};

export type CheckoutField = keyof CheckoutFields;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The order of the fields on the page: the first invalid one gets the focus. */
export const CHECKOUT_FIELDS: readonly CheckoutField[] = ['name', 'phone', 'address', 'deliveryLocation', 'paymentMethod'];

/** Every field is required; checked again here because `required` lets a value of only spaces through. */
export function validateCheckout(fields: CheckoutFields): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (fields.name.trim() === '') errors.name = 'Please enter your full name.';
  if (fields.phone.trim() === '') errors.phone = 'Please enter your phone number.';
  else if (!isBangladeshiMobile(fields.phone)) errors.phone = 'Please enter a Bangladeshi mobile number, e.g. 01712345678.';
  if (fields.address.trim() === '') errors.address = 'Please enter your address.';
  if (!isDeliveryLocation(fields.deliveryLocation)) errors.deliveryLocation = 'Please select a delivery location.';
  if (!(PAYMENT_METHODS as readonly string[]).includes(fields.paymentMethod)) errors.paymentMethod = 'Please select a payment method.';
  return errors;
}

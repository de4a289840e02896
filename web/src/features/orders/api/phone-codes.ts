import { api, authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

/**
 * Checkout phone codes (CHECKOUT_OTP, decision 032; the contract: src/modules/order-defences/adapters/phone-codes-http.ts).
 * Both take the phone number as typed (01712345678, with or without +88) and need a signed-in customer.
 */

/** 201: a 6-digit code is on its way by SMS. */
export type PhoneCodeSent = Answer<'post /phone-codes'>;

/** 200: the number is proven for this customer for `validForSeconds` of orders. */
export type PhoneCodeVerified = Answer<'post /phone-codes/verify'>;

/**
 * Refusals: 429 `ordering/phone-code-too-soon` (with Retry-After), 503 `ordering/phone-code-not-sent`,
 * 409 `ordering/phone-codes-off`, 400 `http/validation` (not a Bangladeshi mobile number).
 */
export function sendPhoneCode(phone: string): Promise<PhoneCodeSent> {
  return call(authApi, 'post /phone-codes', { body: { phone } });
}

/**
 * Refusals: 422 `ordering/phone-code-wrong` (the tries left in its message), 409 `ordering/phone-code-spent`,
 * `-expired`, `-missing`, `ordering/phone-codes-off`, 400 `http/validation` (not 6 digits).
 */
export function verifyPhoneCode(phone: string, code: string): Promise<PhoneCodeVerified> {
  return call(authApi, 'post /phone-codes/verify', { body: { phone, code } });
}

/** 200 to a visitor (guest checkout, issue 36): `proof` goes with the order as `phoneProof`. */
export type GuestPhoneCodeVerified = Answer<'post /guest/phone-codes/verify'>;

/**
 * A visitor's code (guest checkout, issue 36): the same answers as sendPhoneCode, plus
 * 409 `ordering/guest-checkout-off`; through the public client, as the visitor has no session.
 */
export function sendGuestPhoneCode(phone: string): Promise<PhoneCodeSent> {
  return call(api, 'post /guest/phone-codes', { body: { phone } });
}

/** A visitor's answer: the same refusals as verifyPhoneCode, plus 409 `ordering/guest-checkout-off`. */
export function verifyGuestPhoneCode(phone: string, code: string): Promise<GuestPhoneCodeVerified> {
  return call(api, 'post /guest/phone-codes/verify', { body: { phone, code } });
}

/** Seconds from a 429's Retry-After header, or null. */
export function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

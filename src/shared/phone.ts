import { fromBengaliDigits } from './locale-format.js';

/**
 * Bangladeshi mobile numbers: 01[3-9] and 8 more digits, written with or without +88 (or 88),
 * spaces or dashes, in ASCII or Bengali digits. Stored normalised as +8801XXXXXXXXX. Checkout
 * checks the same rule in the page.
 */

/**
 * People write 01712-345678 or 017 1234 5678, and a Bengali keyboard types ০১৭১২৩৪৫৬৭৮ (issue 33):
 * spaces and dashes are dropped and Bengali digits read as ASCII before the check.
 */
export const compactPhone = (input: string): string => fromBengaliDigits(input.replace(/[\s-]/g, ''));

export function normalizeBdMobile(input: string): string | null {
  const match = /^(?:\+?88)?(01[3-9]\d{8})$/.exec(compactPhone(input));
  return match ? `+88${match[1]}` : null;
}

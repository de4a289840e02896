import { fromBengaliDigits } from '../../../../../src/shared/locale-format';

/** The most taka one parcel's amount or fee can be (the server's limit). */
export const MAX_TAKA = 10_000_000;

/**
 * A typed amount of whole taka: '' is "not given" (the server's default applies), ASCII or Bengali
 * digits a number from 0 to MAX_TAKA; anything else (a fraction, a sign, letters) is not an amount.
 */
export function readTaka(typed: string): { ok: true; value: number | undefined } | { ok: false } {
  const text = fromBengaliDigits(typed).replace(/[,\s]/g, '');
  if (text === '') return { ok: true, value: undefined };
  if (!/^\d{1,8}$/.test(text)) return { ok: false };
  const value = Number(text);
  return value <= MAX_TAKA ? { ok: true, value } : { ok: false };
}

/**
 * What a payout pays for a parcel unless the admin says otherwise, as the server counts it: the cash
 * collected less the courier's charge (never below 0), and the charge as the courier's fee.
 */
export function defaultPayout(parcel: { collectedAmount: number | null; deliveryCharge: number | null }): { amount: number; fee: number } {
  const charge = parcel.deliveryCharge ?? 0;
  return { amount: Math.max(0, (parcel.collectedAmount ?? 0) - charge), fee: charge };
}

/**
 * How many of an ordered item came back, as typed: a whole number from 0 to `ordered` ('' counts as 0),
 * or null when it is not one.
 */
export function readReturned(typed: string, ordered: number): number | null {
  const text = fromBengaliDigits(typed).trim();
  if (text === '') return 0;
  if (!/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value <= ordered ? value : null;
}

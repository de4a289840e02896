/**
 * Orders taken by the shop's staff for a customer (issue 36, decision 064), the rules the server
 * and the web app both read: where the order came from, and how much each role may give away.
 */

/** Where a staff order came from: kept with the order (its Placed event and the listing). */
export const takenChannels = ['phone', 'messenger', 'facebook-comment', 'walk-in'] as const;
export type TakenChannel = (typeof takenChannels)[number];

/**
 * STAFF_DISCOUNT_MAX: the most one staff order may give away (its discount plus a waived delivery
 * fee), in whole taka, per role: `admin:1000,desk:300`. A role not named gives nothing.
 */
export type StaffDiscountMax = Readonly<Record<string, number>>;

export const defaultStaffDiscountMax = 'admin:1000,desk:300';

/** STAFF_DISCOUNT_MAX's text as amounts per role, or why not. */
export function parseStaffDiscountMax(text: string): StaffDiscountMax | string {
  const wrong = 'STAFF_DISCOUNT_MAX must be role:taka pairs, comma-separated, such as admin:1000,desk:300 (whole taka, 0 to 10000000)';
  const amounts: Record<string, number> = {};
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^([a-z][a-z-]{0,30}):(\d{1,8})$/.exec(part.toLowerCase());
    if (!m || Number(m[2]) > 10_000_000 || Object.hasOwn(amounts, m[1]!)) return wrong;
    amounts[m[1]!] = Number(m[2]);
  }
  return amounts;
}

/** The most `role` may give away on one order: its amount, or 0 when STAFF_DISCOUNT_MAX names it not. */
export const staffDiscountMaxOf = (limits: StaffDiscountMax, role: string): number => (Object.hasOwn(limits, role) ? (limits[role] ?? 0) : 0);

import { dayMs, dhakaDay, dhakaDayStart } from '../../../shared/shop-time.js';

/**
 * The SMS ceilings (issue 40, decision 048), pure. Every SMS the shop sends, checkout codes and
 * order texts alike, is counted per destination number, per client address (codes only: an
 * address makes the shop text only through codes) and per shop; a new one is refused past any
 * ceiling. The shop's daily budget is counted over the shop's day (Dhaka), the other "day"
 * ceilings over the last 24 hours.
 */
export type SmsCeilings = {
  perNumberHour: number;
  perNumberDay: number;
  perAddressHour: number;
  perAddressDay: number;
  perShopHour: number;
  /** SMS a day for the whole shop (its day in Dhaka); past it order texts fall back to email. */
  dailyBudget: number;
};

export const defaultSmsCeilings: SmsCeilings = { perNumberHour: 5, perNumberDay: 10, perAddressHour: 20, perAddressDay: 50, perShopHour: 200, dailyBudget: 500 };

/** SMS already counted: to the number, from the address (null: not a code), and the shop's. */
export type SmsCounts = { numberHour: number; numberDay: number; addressHour: number; addressDay: number; shopHour: number; shopToday: number };

/** Which ceiling refuses an SMS. The budget is asked first: its refusal alerts the shop. */
export const smsRefusals = ['sms-budget-spent', 'sms-shop-hour', 'sms-number-hour', 'sms-number-day', 'sms-address-hour', 'sms-address-day'] as const;
export type SmsRefusal = (typeof smsRefusals)[number];

/**
 * The ceiling the next SMS would pass, or null when it may go. `ownNumber` (the shop's own alert
 * phone) is held by the shop's ceilings only.
 */
export function smsRefusal(counts: SmsCounts, ceilings: SmsCeilings, options: { address: boolean; ownNumber?: boolean } = { address: false }): SmsRefusal | null {
  if (counts.shopToday >= ceilings.dailyBudget) return 'sms-budget-spent';
  if (counts.shopHour >= ceilings.perShopHour) return 'sms-shop-hour';
  if (!options.ownNumber) {
    if (counts.numberHour >= ceilings.perNumberHour) return 'sms-number-hour';
    if (counts.numberDay >= ceilings.perNumberDay) return 'sms-number-day';
  }
  if (options.address) {
    if (counts.addressHour >= ceilings.perAddressHour) return 'sms-address-hour';
    if (counts.addressDay >= ceilings.perAddressDay) return 'sms-address-day';
  }
  return null;
}

const hourMs = 60 * 60 * 1000;

/** The instants the counts start from: an hour ago, a day ago, and the start of the shop's day. */
export function smsWindows(now: Date): { hourAgo: Date; dayAgo: Date; todayStart: Date } {
  return { hourAgo: new Date(now.getTime() - hourMs), dayAgo: new Date(now.getTime() - dayMs), todayStart: dhakaDayStart(dhakaDay(now)) };
}

/** Rows older than this are no longer counted by anything, and are pruned. */
export const smsKeptForMs = 2 * dayMs;

/** The window a refusal counts over, in ms (the budget's: until the next shop day). */
export function retryAfterSeconds(refusal: SmsRefusal, now: Date, oldestInWindow: Date | null): number {
  if (refusal === 'sms-budget-spent') return Math.max(1, Math.ceil((dhakaDayStart(dhakaDay(now), 1).getTime() - now.getTime()) / 1000));
  const windowMs = refusal.endsWith('-hour') ? hourMs : dayMs;
  const frees = (oldestInWindow?.getTime() ?? now.getTime()) + windowMs;
  return Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
}

/** Whose rows a refusal counts: the number's, the address's or the shop's. */
export const refusalScope = (refusal: SmsRefusal): 'number' | 'address' | 'shop' =>
  refusal.startsWith('sms-number') ? 'number' : refusal.startsWith('sms-address') ? 'address' : 'shop';

/** The day's id of the budget alert: one a shop day. */
export const budgetAlertId = (now: Date): string => `shop.sms-budget.${dhakaDay(now)}`;

/**
 * The address a code counts against: an IPv4 address as it is (an IPv4-mapped IPv6 one as IPv4), an
 * IPv6 address by its /64 network, since one subscriber usually holds a whole /64 and could
 * otherwise ask from a fresh address every time.
 */
export function smsAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

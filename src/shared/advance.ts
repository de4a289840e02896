/**
 * How much a shopper pays in advance (issue 35, decision 061), pure so that the server and the web
 * app compute the same. Whole taka.
 *
 * ADVANCE_PAYMENT: `none` (no advance), `delivery-fee` (the order's delivery fee) or `percent:N`
 * (N % of the products after the coupon, rounded up to the taka). Bangladesh's Digital Commerce
 * Operation Guidelines 2021 allow an advance of at most 10 % of the product price unless the money
 * is held in escrow: without ADVANCE_ESCROW the amount is capped at 10 % of the products, rounded
 * down. An amount under 1 taka asks no advance (bKash takes whole taka from 1).
 */

export type AdvanceRule = { kind: 'none' } | { kind: 'delivery-fee' } | { kind: 'percent'; percent: number };

/** The guidelines' cap without escrow, in percent of the products' price. */
export const advanceCapPercent = 10;

/** The products' price an advance is measured against: the lines after the coupon's discount. */
export const productsPrice = (totals: { subtotal: number; discount: number }): number => Math.max(0, totals.subtotal - totals.discount);

/** The advance a rule asks of an order (0: none), capped by the guidelines unless `escrow`. */
export function advanceAmount(rule: AdvanceRule, totals: { subtotal: number; discount: number; fee: number }, escrow: boolean): number {
  const products = productsPrice(totals);
  let asked: number;
  switch (rule.kind) {
    case 'none':
      return 0;
    case 'delivery-fee':
      asked = totals.fee;
      break;
    case 'percent':
      asked = Math.ceil((products * rule.percent) / 100);
      break;
  }
  const cap = escrow ? products + totals.fee : Math.floor((products * advanceCapPercent) / 100);
  const amount = Math.min(asked, cap);
  return amount >= 1 ? amount : 0;
}

/** ADVANCE_PAYMENT's text as a rule, or why not. */
export function parseAdvanceRule(text: string): AdvanceRule | string {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'none') return { kind: 'none' };
  if (t === 'delivery-fee') return { kind: 'delivery-fee' };
  const m = /^percent:(\d{1,3})$/.exec(t);
  if (m) {
    const percent = Number(m[1]);
    if (percent >= 1 && percent <= 100) return { kind: 'percent', percent };
  }
  return 'ADVANCE_PAYMENT must be none, delivery-fee or percent:N (N from 1 to 100)';
}

/**
 * ADVANCE_WHEN: when the rule applies. `always`, or any of `no-good-record` (the phone has no good
 * delivery record), `first-order` (no order of this phone was ever Confirmed) and `above:N` (the
 * order's total is above N taka), comma-separated: the advance is asked when any of them holds.
 */
export type AdvanceWhen = { always: true } | { always: false; noGoodRecord: boolean; firstOrder: boolean; above: number | null };

export function parseAdvanceWhen(text: string): AdvanceWhen | string {
  const parts = text
    .toLowerCase()
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'always')) return { always: true };
  const when = { always: false as const, noGoodRecord: false, firstOrder: false, above: null as number | null };
  for (const part of parts) {
    if (part === 'no-good-record') when.noGoodRecord = true;
    else if (part === 'first-order') when.firstOrder = true;
    else if (/^above:\d{1,7}$/.test(part)) when.above = Number(part.slice(6));
    else return 'ADVANCE_WHEN must be always, or a comma-separated list of no-good-record, first-order and above:N';
  }
  return when;
}

/** What the rule's conditions need to know of an order and its phone. */
export type AdvanceFacts = { total: number; goodRecord: boolean; firstOrder: boolean };

export const advanceApplies = (when: AdvanceWhen, facts: AdvanceFacts): boolean =>
  when.always || (when.noGoodRecord && !facts.goodRecord) || (when.firstOrder && facts.firstOrder) || (when.above !== null && facts.total > when.above);

/**
 * A phone's delivery record in counts: parcels delivered (whole or in part) and not accepted
 * (returned, or orders the shop canceled). Good: at least one delivered and at least
 * `goodPercent` % of the finished ones delivered.
 */
export const isGoodRecord = (record: { delivered: number; failed: number }, goodPercent: number): boolean =>
  record.delivered >= 1 && record.delivered * 100 >= goodPercent * (record.delivered + record.failed);

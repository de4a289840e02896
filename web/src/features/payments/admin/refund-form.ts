import { fromBengaliDigits } from '../../../../../src/shared/locale-format';

/** The refund dialog's refusals, as message ids. */
export type RefundFormError = 'paymentsAdmin.refund.reasonRequired' | 'paymentsAdmin.refund.reasonTooLong' | 'paymentsAdmin.refund.amountInvalid';

/** The longest reason the server takes. */
export const MAX_REASON = 200;

/**
 * The refund dialog's fields as the server takes them (POST /api/orders/:id/refund): a reason of 1 to
 * 200 characters, and whole taka from 1 to the advance paid (Bengali digits read as digits; empty:
 * the whole advance, sent as no amount).
 */
export function readRefundForm(reasonText: string, amountText: string, advance: number): { ok: true; reason: string; amount?: number } | { ok: false; error: RefundFormError } {
  const reason = reasonText.trim();
  if (reason === '') return { ok: false, error: 'paymentsAdmin.refund.reasonRequired' };
  if (reason.length > MAX_REASON) return { ok: false, error: 'paymentsAdmin.refund.reasonTooLong' };
  const digits = fromBengaliDigits(amountText.trim()).replace(/,/g, '');
  if (digits === '') return { ok: true, reason };
  if (!/^\d{1,9}$/.test(digits)) return { ok: false, error: 'paymentsAdmin.refund.amountInvalid' };
  const amount = Number(digits);
  if (amount < 1 || amount > advance) return { ok: false, error: 'paymentsAdmin.refund.amountInvalid' };
  return amount === advance ? { ok: true, reason } : { ok: true, reason, amount };
}

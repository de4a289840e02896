import { describe, expect, it } from 'vitest';
import { readRefundForm } from './refund-form';

describe('the refund dialog (issue 35)', () => {
  it('asks a reason', () => {
    expect(readRefundForm('  ', '60', 60)).toEqual({ ok: false, error: 'paymentsAdmin.refund.reasonRequired' });
    expect(readRefundForm('x'.repeat(201), '60', 60)).toEqual({ ok: false, error: 'paymentsAdmin.refund.reasonTooLong' });
  });

  it('refunds the whole advance by default, sending no amount', () => {
    expect(readRefundForm(' canceled by the shop ', '60', 60)).toEqual({ ok: true, reason: 'canceled by the shop' });
    expect(readRefundForm('canceled', '', 60)).toEqual({ ok: true, reason: 'canceled' });
  });

  it('takes less than the advance in whole taka, in Bengali digits too', () => {
    expect(readRefundForm('part', '40', 60)).toEqual({ ok: true, reason: 'part', amount: 40 });
    expect(readRefundForm('part', '৪০', 60)).toEqual({ ok: true, reason: 'part', amount: 40 });
    expect(readRefundForm('part', '1,000', 1060)).toEqual({ ok: true, reason: 'part', amount: 1000 });
  });

  it('refuses more than the advance, nothing, or not whole taka', () => {
    for (const amount of ['61', '0', '12.5', '-5', 'sixty']) {
      expect(readRefundForm('r', amount, 60)).toEqual({ ok: false, error: 'paymentsAdmin.refund.amountInvalid' });
    }
  });
});

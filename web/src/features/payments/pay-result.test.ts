import { describe, expect, it } from 'vitest';
import type { OrderPayment } from './api/payment-keys';
import { offersRetry, payMessage, readResult } from './pay-result';

const now = Date.parse('2026-11-29T10:10:00.000Z');
const holdUntil = '2026-11-29T10:30:00.000Z';

const payment = (advance: Partial<OrderPayment['advance']> = {}, latest: OrderPayment['latest'] = { state: 'created', message: null, at: '2026-11-29T10:00:00.000Z' }, canRetry = true) => ({
  advance: { provider: 'bkash' as const, amount: 60, reason: 'rule' as const, status: 'awaiting' as const, holdUntil, trxId: null, paidAt: null, late: false, refund: null, ...advance },
  latest,
  canRetry,
});

const attempt = (state: NonNullable<OrderPayment['latest']>['state']) => ({ state, message: null, at: '2026-11-29T10:05:00.000Z' });

describe("the pay page's ?result=", () => {
  it('reads the words the server sends, and any other as unknown', () => {
    expect(readResult('paid')).toBe('paid');
    expect(readResult('canceled')).toBe('canceled');
    expect(readResult('<script>')).toBe('unknown');
    expect(readResult(null)).toBeNull();
    expect(readResult('')).toBeNull();
  });
});

describe("the pay page's message (issue 35)", () => {
  const base = { code: null, checksLeft: false, now };

  it('says paid when the server has the advance paid, whatever the address said; late when it came after the hold', () => {
    const paid = payment({ status: 'paid', trxId: 'T1', paidAt: holdUntil }, attempt('completed'));
    expect(payMessage({ ...base, result: 'paid', payment: paid })).toBe('paid');
    expect(payMessage({ ...base, result: 'pending', payment: paid })).toBe('paid');
    expect(payMessage({ ...base, result: null, payment: payment({ status: 'refunded' }) })).toBe('paid');
    expect(payMessage({ ...base, result: 'expired', payment: payment({ status: 'paid', late: true }) })).toBe('late');
  });

  it('says expired when the hold lapsed, or its time passed while the order still waits', () => {
    expect(payMessage({ ...base, result: 'canceled', payment: payment({ status: 'expired' }) })).toBe('expired');
    expect(payMessage({ ...base, result: 'canceled', payment: payment({}, attempt('canceled')), now: Date.parse(holdUntil) + 1 })).toBe('expired');
  });

  it("says how bKash's page ended while the order waits: canceled, failed (insufficient balance for 2023), unavailable, unknown", () => {
    expect(payMessage({ ...base, result: 'canceled', payment: payment({}, attempt('canceled')) })).toBe('canceled');
    expect(payMessage({ ...base, result: 'failed', payment: payment({}, attempt('failed')) })).toBe('failed');
    expect(payMessage({ ...base, result: 'failed', code: '2023', payment: payment({}, attempt('failed')) })).toBe('failedBalance');
    expect(payMessage({ ...base, result: 'unavailable', payment: payment({}, null) })).toBe('unavailable');
    expect(payMessage({ ...base, result: 'unknown', payment: payment() })).toBe('unknown');
  });

  it('checks a pending payment while checks are left, then says it is still pending; a check that found it failed says so', () => {
    expect(payMessage({ ...base, result: 'pending', checksLeft: true, payment: payment() })).toBe('pending');
    expect(payMessage({ ...base, result: 'pending', checksLeft: false, payment: payment() })).toBe('stillPending');
    expect(payMessage({ ...base, result: 'pending', checksLeft: false, payment: payment({}, attempt('failed')) })).toBe('failed');
    expect(payMessage({ ...base, result: 'pending', checksLeft: false, payment: payment({}, attempt('canceled')) })).toBe('canceled');
  });

  it('with no word in the address, follows the latest payment', () => {
    expect(payMessage({ ...base, result: null, payment: payment({}, attempt('canceled')) })).toBe('canceled');
    expect(payMessage({ ...base, result: null, payment: payment({}, attempt('failed')) })).toBe('failed');
    expect(payMessage({ ...base, result: null, payment: payment() })).toBe('awaiting');
    expect(payMessage({ ...base, result: null, payment: payment({}, null) })).toBe('awaiting');
  });

  it('says unknown without an order to show', () => {
    expect(payMessage({ ...base, result: 'paid', payment: null })).toBe('unknown');
  });
});

describe('Try again', () => {
  it('is offered while the order waits and the server allows another payment', () => {
    expect(offersRetry('canceled', payment())).toBe(true);
    expect(offersRetry('failedBalance', payment())).toBe(true);
    expect(offersRetry('unavailable', payment())).toBe(true);
    expect(offersRetry('awaiting', payment())).toBe(true);
  });

  it('is not offered once paid, lapsed, while checking, or when the server says no more', () => {
    expect(offersRetry('canceled', payment({}, attempt('canceled'), false))).toBe(false);
    expect(offersRetry('paid', payment({ status: 'paid' }))).toBe(false);
    expect(offersRetry('expired', payment({ status: 'expired' }))).toBe(false);
    expect(offersRetry('pending', payment())).toBe(false);
    expect(offersRetry('stillPending', payment())).toBe(false);
    expect(offersRetry('canceled', null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultSmsCeilings, retryAfterSeconds, smsAddressKey, smsRefusal, type SmsCounts } from './sms-ceiling.js';

const none: SmsCounts = { numberHour: 0, numberDay: 0, addressHour: 0, addressDay: 0, shopHour: 0, shopToday: 0 };
const c = defaultSmsCeilings;

describe('smsRefusal (decision 048)', () => {
  it('lets an SMS go under every ceiling and refuses at each one', () => {
    expect(smsRefusal(none, c, { address: true })).toBeNull();
    expect(smsRefusal({ ...none, numberHour: 4, numberDay: 9, addressHour: 19, addressDay: 49, shopHour: 199, shopToday: 499 }, c, { address: true })).toBeNull();
    expect(smsRefusal({ ...none, numberHour: 5 }, c)).toBe('sms-number-hour');
    expect(smsRefusal({ ...none, numberDay: 10 }, c)).toBe('sms-number-day');
    expect(smsRefusal({ ...none, addressHour: 20 }, c, { address: true })).toBe('sms-address-hour');
    expect(smsRefusal({ ...none, addressDay: 50 }, c, { address: true })).toBe('sms-address-day');
    expect(smsRefusal({ ...none, shopHour: 200 }, c)).toBe('sms-shop-hour');
  });

  it('asks the budget first (its refusal alerts the shop); an order text has no address; the shop’s own number only meets the shop’s ceilings', () => {
    expect(smsRefusal({ ...none, shopToday: 500, numberHour: 99 }, c)).toBe('sms-budget-spent');
    expect(smsRefusal({ ...none, addressHour: 99 }, c, { address: false })).toBeNull();
    expect(smsRefusal({ ...none, numberHour: 99, numberDay: 99 }, c, { address: false, ownNumber: true })).toBeNull();
    expect(smsRefusal({ ...none, numberHour: 99, shopHour: 200 }, c, { address: false, ownNumber: true })).toBe('sms-shop-hour');
  });
});

describe('retryAfterSeconds', () => {
  const now = new Date('2026-01-01T00:00:00Z'); // 06:00 in Dhaka
  it('waits until the oldest SMS of the window leaves it, or the next shop day for the budget', () => {
    expect(retryAfterSeconds('sms-number-hour', now, new Date(now.getTime() - 20 * 60_000))).toBe(40 * 60);
    expect(retryAfterSeconds('sms-address-day', now, new Date(now.getTime() - 23 * 3600_000))).toBe(3600);
    expect(retryAfterSeconds('sms-budget-spent', now, null)).toBe(18 * 3600);
    expect(retryAfterSeconds('sms-shop-hour', now, new Date(now.getTime() - 3600_000))).toBe(1);
  });
});

describe('smsAddressKey', () => {
  it('keeps IPv4, unmaps IPv4-mapped IPv6 and counts IPv6 by its /64', () => {
    expect(smsAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(smsAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(smsAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(smsAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(smsAddressKey('2001:0DB8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(smsAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(smsAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(smsAddressKey('unknown')).toBe('unknown');
  });
});

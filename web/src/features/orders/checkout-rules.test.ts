import { describe, expect, it } from 'vitest';
import { compactPhone } from '../../../../src/shared/phone';
import { areaOptions, checkoutTotals, isBangladeshiMobile, validateCheckout, zoneOfThana, type AreaList } from './checkout-rules';
import { readOrderNow } from './order-now';

describe('checkout rules', () => {
  it('accepts Bangladeshi mobile numbers, with or without +88, spaces and dashes', () => {
    for (const phone of ['01712345678', '+8801712345678', '8801912345678', '01712-345678', '017 1234 5678', '+88 017-1234-5678']) {
      expect(isBangladeshiMobile(phone), phone).toBe(true);
    }
    for (const phone of ['', '0171234567', '017123456789', '01212345678', '+4401712345678', '0171234567a', '1712345678']) {
      expect(isBangladeshiMobile(phone), phone).toBe(false);
    }
    expect(compactPhone(' 017-1234 5678 ')).toBe('01712345678');
  });

  it('requires every field, and a value of only spaces is empty', () => {
    const ok = { name: 'Rina', phone: '01712345678', address: 'Road 1', district: 'Dhaka', thana: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', paymentMethod: 'Cash On Delivery' };
    expect(validateCheckout(ok)).toEqual({});
    expect(Object.keys(validateCheckout({ name: ' ', phone: '', address: '  ', district: '', thana: '', deliveryLocation: '', paymentMethod: '' }))).toEqual([
      'name',
      'phone',
      'address',
      'district',
      'thana',
      'deliveryLocation',
      'paymentMethod',
    ]);
    expect(validateCheckout({ ...ok, district: '' }).district).toBe('Please select your district.');
    expect(validateCheckout({ ...ok, thana: '' }).thana).toBe('Please select your thana or upazila.');
    expect(validateCheckout({ ...ok, deliveryLocation: 'Mars' })).toHaveProperty('deliveryLocation');
    expect(validateCheckout({ ...ok, paymentMethod: 'Card' })).toHaveProperty('paymentMethod');
    expect(validateCheckout({ ...ok, phone: '12345' }).phone).toMatch(/Bangladeshi mobile number/);
  });

  it('reads only a well-formed Order Now item from the router state', () => {
    const item = { productId: 'p1', title: 'Fox', image: '/uploads/a.webp', size: '', color: 'Red', quantity: 2, unitPrice: 1400 };
    expect(readOrderNow({ orderNow: item })).toEqual(item);
    expect(readOrderNow(null)).toBeNull();
    expect(readOrderNow({ from: '/x' })).toBeNull();
    expect(readOrderNow({ orderNow: { ...item, quantity: 0 } })).toBeNull();
    expect(readOrderNow({ orderNow: { ...item, quantity: 1.5 } })).toBeNull();
    expect(readOrderNow({ orderNow: { ...item, productId: 7 } })).toBeNull();
  });
});

/** The discount checkout shows for one line of `subtotal` taka and a coupon of `percent`. */
const discountFor = (subtotal: number, percent: number) => checkoutTotals([{ unitPrice: subtotal, quantity: 1 }], percent, 'Inside Dhaka').discount;

describe('checkout totals (the server rule, from the coupon percent the page holds)', () => {
  it('rounds the discount to the nearest taka, halves up', () => {
    expect(discountFor(1000, 10)).toBe(100);
    expect(discountFor(1005, 10)).toBe(101); // 100.5 -> 101
    expect(discountFor(1004, 10)).toBe(100); // 100.4 -> 100
    expect(discountFor(999, 12.5)).toBe(125); // 124.875 -> 125
    expect(discountFor(4, 12.5)).toBe(1); // 0.5 -> 1
    expect(discountFor(3, 12.5)).toBe(0); // 0.375 -> 0
    expect(discountFor(1399, 33.33)).toBe(466); // 466.2867 -> 466
  });

  it('holds percentages with two decimals exactly (no floating-point drift)', () => {
    // 0.29 * 100 is 28.999999999999996 in floating point; the basis points are still 29.
    expect(discountFor(1_000_000, 0.29)).toBe(2900);
    expect(discountFor(200, 1.15)).toBe(2); // 2.3 -> 2
    expect(discountFor(1000, 1.05)).toBe(11); // 10.5 -> 11
  });

  it('gives no discount without a coupon and never more than the subtotal', () => {
    expect(discountFor(1500, 0)).toBe(0);
    expect(discountFor(0, 50)).toBe(0);
    expect(discountFor(1500, 100)).toBe(1500);
  });

  it('uses the spec fees, 100 BDT until a location is chosen', () => {
    const fee = (location: string) => checkoutTotals([{ unitPrice: 500, quantity: 1 }], 0, location).fee;
    expect(fee('Inside Dhaka')).toBe(60);
    expect(fee('Suburbs Dhaka')).toBe(80);
    expect(fee('Outside Dhaka')).toBe(100);
    expect(fee('')).toBe(100);
  });

  it('total = subtotal - discount + fee', () => {
    const lines = [
      { unitPrice: 1400, quantity: 2 },
      { unitPrice: 350, quantity: 1 },
    ];
    expect(checkoutTotals(lines, 10, 'Inside Dhaka')).toEqual({ subtotal: 3150, discountPercent: 10, discount: 315, fee: 60, total: 2895 });
    expect(checkoutTotals(lines, 0, '')).toEqual({ subtotal: 3150, discountPercent: 0, discount: 0, fee: 100, total: 3250 });
  });
});

/** A few districts as GET /api/areas lists them (English alphabetical order, thanas with their zones). */
const areas: AreaList = [
  {
    en: 'Cumilla',
    bn: 'কুমিল্লা',
    thanas: [
      { en: 'Cumilla Sadar', bn: 'কুমিল্লা সদর', zone: 'Outside Dhaka' },
      { en: 'Daudkandi', bn: 'দাউদকান্দি', zone: 'Outside Dhaka' },
    ],
  },
  {
    en: 'Dhaka',
    bn: 'ঢাকা',
    thanas: [
      { en: 'Dhanmondi', bn: 'ধানমন্ডি', zone: 'Inside Dhaka' },
      { en: 'Savar', bn: 'সাভার', zone: 'Suburbs Dhaka' },
    ],
  },
  { en: 'Gazipur', bn: 'গাজীপুর', thanas: [{ en: 'Kaliakair', bn: 'কালিয়াকৈর', zone: 'Suburbs Dhaka' }] },
];

describe('district and thana (issue 34)', () => {
  it('take the zone of the thana, as the list says it', () => {
    expect(zoneOfThana(areas, 'Dhaka', 'Savar')).toBe('Suburbs Dhaka');
    expect(zoneOfThana(areas, 'Dhaka', 'Dhanmondi')).toBe('Inside Dhaka');
    expect(zoneOfThana(areas, 'Gazipur', 'Kaliakair')).toBe('Suburbs Dhaka');
    expect(zoneOfThana(areas, 'Cumilla', 'Daudkandi')).toBe('Outside Dhaka');
  });

  it('has no zone until a thana of the district is chosen, nor before the list is here', () => {
    expect(zoneOfThana(areas, 'Dhaka', '')).toBe('');
    expect(zoneOfThana(areas, '', '')).toBe('');
    // A thana of another district, a name the list does not have, Bengali names (the page sends English ones).
    expect(zoneOfThana(areas, 'Cumilla', 'Savar')).toBe('');
    expect(zoneOfThana(areas, 'Dhaka', 'Mirpur 99')).toBe('');
    expect(zoneOfThana(areas, 'ঢাকা', 'সাভার')).toBe('');
    expect(zoneOfThana(undefined, 'Dhaka', 'Savar')).toBe('');
  });

  it('refuses a zone the shop does not price', () => {
    expect(zoneOfThana([{ en: 'Moon', bn: 'চাঁদ', thanas: [{ en: 'Crater', bn: 'গর্ত', zone: 'Outer Space' }] }], 'Moon', 'Crater')).toBe('');
  });

  it('offers the names in the language shown, valued by the English name, in that language\'s order', () => {
    expect(areaOptions(areas, 'en')).toEqual([
      { value: 'Cumilla', label: 'Cumilla' },
      { value: 'Dhaka', label: 'Dhaka' },
      { value: 'Gazipur', label: 'Gazipur' },
    ]);
    // Bengali order: ক (Cumilla) before গ (Gazipur) before ঢ (Dhaka).
    expect(areaOptions(areas, 'bn')).toEqual([
      { value: 'Cumilla', label: 'কুমিল্লা' },
      { value: 'Gazipur', label: 'গাজীপুর' },
      { value: 'Dhaka', label: 'ঢাকা' },
    ]);
    expect(areaOptions(areas[1]!.thanas, 'bn').map((o) => o.value)).toEqual(['Dhanmondi', 'Savar']);
  });
});

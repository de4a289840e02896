import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../lib/i18n/i18n';
import type { OrderRecordsId } from '../messages/order-records';
import { actorText, areaNamesOf, editChanges, parcelFacts, parcelWords, paymentFacts } from './order-events';

const t: Translate<OrderRecordsId> = (id, values = {}) => (Object.keys(values).length ? `${id}${JSON.stringify(values)}` : id);

describe("a parcel event's details in the timeline (issue 34)", () => {
  it("says Booked's courier, ids and cash to collect, in the page's money", () => {
    expect(parcelFacts({ courier: 'steadfast', consignmentId: '1424107', trackingCode: 'AB12', codAmount: 2060, deliveryCharge: null }, t, 'bn')).toEqual([
      'orderRecords.parcel.courier{"courier":"orderRecords.courier.steadfast"}',
      'orderRecords.parcel.consignment{"id":"1424107"}',
      'orderRecords.parcel.tracking{"code":"AB12"}',
      'orderRecords.parcel.cod{"amount":"২,০৬০ টাকা"}',
    ]);
  });

  it("says a delivery's cash and charge, a payout's reference, amount and fee, and a canceled booking's reason", () => {
    expect(parcelFacts({ collectedAmount: 50, deliveryCharge: 60 }, t, 'en')).toEqual(['orderRecords.parcel.collected{"amount":"50 BDT"}', 'orderRecords.parcel.charge{"amount":"60 BDT"}']);
    expect(parcelFacts({ reference: 'SF-1', amount: 2000, fee: 60 }, t, 'en')).toEqual(['orderRecords.parcel.payout{"reference":"SF-1","amount":"2,000 BDT","fee":"60 BDT"}']);
    expect(parcelFacts({ reason: 'wrong address' }, t, 'en')).toEqual(['orderRecords.parcel.reason{"reason":"wrong address"}']);
    expect(parcelFacts({}, t, 'en')).toEqual([]);
  });

  it("quotes the courier's words in Bengali when it sent them so and Bengali is shown", () => {
    expect(parcelWords({ message: 'Delivered', messageBn: 'ডেলিভারি হয়েছে' }, 'bn')).toEqual({ text: 'ডেলিভারি হয়েছে', lang: 'bn' });
    expect(parcelWords({ message: 'Delivered', messageBn: 'ডেলিভারি হয়েছে' }, 'en')).toEqual({ text: 'Delivered', lang: 'en' });
    expect(parcelWords({ message: 'Delivered' }, 'bn')).toEqual({ text: 'Delivered', lang: 'en' });
    expect(parcelWords({}, 'en')).toBeNull();
  });
});

describe("an advance's events in the timeline (issue 35)", () => {
  it("says AdvancePaid's amount and bKash's transaction id", () => {
    expect(paymentFacts({ provider: 'bkash', amount: 60, trxId: 'TRX1' }, t, 'en')).toEqual(['orderRecords.payment.paid{"amount":"60 BDT","trxId":"TRX1"}']);
    expect(paymentFacts({ provider: 'bkash', amount: 60 }, t, 'bn')).toEqual(['orderRecords.payment.amount{"amount":"৬০ টাকা"}']);
  });

  it("says AdvanceRefunded's amount, refund transaction id and reason", () => {
    expect(paymentFacts({ provider: 'bkash', amount: 1060, refundTrxId: 'R9', reason: 'out of stock' }, t, 'en')).toEqual([
      'orderRecords.payment.refunded{"amount":"1,060 BDT","refundTrxId":"R9"}',
      'orderRecords.payment.reason{"reason":"out of stock"}',
    ]);
  });

  it('names the shop itself as the actor of a payment it confirmed, and others as before', () => {
    expect(actorText({ email: 'bkash', role: 'system' }, t)).toBe('orderRecords.bySystem{"what":"orderRecords.system.bkash"}');
    expect(actorText({ email: 'timer', role: 'system' }, t)).toBe('orderRecords.bySystem{"what":"timer"}');
    expect(actorText({ email: 'steadfast', role: 'courier' }, t)).toBe('orderRecords.byCourier{"courier":"orderRecords.courier.steadfast"}');
    expect(actorText({ email: 'a@b.c', role: 'admin' }, t)).toBe('orderRecords.by{"email":"a@b.c","role":"orderRecords.role.admin"}');
    // A guest's order (issue 36): placed by the phone's customer record, which has no email.
    expect(actorText({ email: '', role: 'customer' }, t)).toBe('orderRecords.byGuest');
    expect(actorText({ email: 'rina@example.com', role: 'customer' }, t)).toBe('orderRecords.by{"email":"rina@example.com","role":"orderRecords.role.customer"}');
  });

  it('names the role of the staff who did it (issue 36): the order desk, packing, catalogue, auditor', () => {
    expect(actorText({ email: 'desk@shop.test', role: 'desk' }, t)).toBe('orderRecords.byStaff.desk{"email":"desk@shop.test"}');
    expect(actorText({ email: 'pack@shop.test', role: 'packing' }, t)).toBe('orderRecords.byStaff.packing{"email":"pack@shop.test"}');
    expect(actorText({ email: 'cat@shop.test', role: 'catalogue' }, t)).toBe('orderRecords.byStaff.catalogue{"email":"cat@shop.test"}');
    expect(actorText({ email: 'audit@shop.test', role: 'auditor' }, t)).toBe('orderRecords.byStaff.auditor{"email":"audit@shop.test"}');
    expect(actorText({ email: 'c@shop.test', role: 'customer' }, t)).toBe('orderRecords.by{"email":"c@shop.test","role":"orderRecords.role.customer"}');
  });
});

describe("an order's change in the timeline (issue 36)", () => {
  const line = (productId: string, title: string, size: string, quantity: number, unitPrice: number, bn: { titleBn?: string; sizeBn?: string } = {}) => ({
    productId,
    title,
    category: 'Plush',
    image: '',
    size,
    color: '',
    quantity,
    unitPrice,
    price: unitPrice * quantity,
    ...bn,
  });
  const fox = line('fox', 'Fox Plush', '', 2, 500, { titleBn: 'শিয়াল পুতুল' });
  const tee = line('tee', 'Pikachu Tee', 'L', 1, 800, { sizeBn: 'বড়' });
  const cup = line('cup', 'Totoro Cup', '', 1, 300);
  const edit = {
    reason: 'Customer called',
    before: { address: 'House 5, Road 2', lines: [fox, cup], subtotal: 1300, fee: 60, total: 1360 },
    after: { address: 'House 9, Road 12', lines: [{ ...fox, quantity: 3, price: 1500 }, tee], subtotal: 2300, fee: 60, total: 2360 },
    stockTaken: [],
  };
  // The words themselves, as the English catalogue has them.
  const words: Translate<OrderRecordsId> = (id, values = {}) => {
    const texts: Partial<Record<OrderRecordsId, string>> = {
      'orderRecords.edit.address': 'Address: {from} → {to}',
      'orderRecords.edit.quantity': '{item} {from} → {to}',
      'orderRecords.edit.added': '+ {item} × {quantity}',
      'orderRecords.edit.removed': '− {item} × {quantity}',
      'orderRecords.edit.total': 'Total: {from} → {to}',
      'orderRecords.edit.district': 'District: {from} → {to}',
      'orderRecords.edit.thana': 'Thana / Upazila: {from} → {to}',
      'orderRecords.edit.zone': 'Delivery zone: {from} → {to}',
      'orderRecords.edit.fee': 'Delivery fee: {from} → {to}',
      'orderRecords.edit.phone': 'Phone: {from} → {to}',
      'orderRecords.edit.none': 'none',
      'orderRecords.zone.inside': 'Inside Dhaka',
      'orderRecords.zone.suburbs': 'Suburbs Dhaka',
    };
    return (texts[id] ?? id).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
  };

  it("says the address before and after, each line's quantity, the lines added and removed, and the total", () => {
    expect(editChanges(edit, words, 'en')).toEqual([
      'Address: House 5, Road 2 → House 9, Road 12',
      'Fox Plush 2 → 3',
      '+ Pikachu Tee (L) × 1',
      '− Totoro Cup × 1',
      'Total: 1,360 BDT → 2,360 BDT',
    ]);
  });

  it('names the products, sizes, numbers and money in Bengali on a Bengali page', () => {
    expect(editChanges(edit, words, 'bn').slice(1)).toEqual(['শিয়াল পুতুল ২ → ৩', '+ Pikachu Tee (বড়) × ১', '− Totoro Cup × ১', 'Total: ১,৩৬০ টাকা → ২,৩৬০ টাকা']);
  });

  it('says the area and zone moved, with the fee, and "none" for what an older order had not', () => {
    const moved = {
      reason: 'Moved to Savar',
      before: { thana: 'Dhanmondi', deliveryLocation: 'Inside Dhaka', fee: 60, total: 560, subtotal: 500, discount: 0 },
      after: { district: 'Dhaka', thana: 'Savar', deliveryLocation: 'Suburbs Dhaka', fee: 80, total: 580, subtotal: 500, discount: 0 },
      stockTaken: [],
    };
    expect(editChanges(moved, words, 'en')).toEqual([
      'District: none → Dhaka',
      'Thana / Upazila: Dhanmondi → Savar',
      'Delivery zone: Inside Dhaka → Suburbs Dhaka',
      'Delivery fee: 60 BDT → 80 BDT',
      'Total: 560 BDT → 580 BDT',
    ]);
    const areas = [{ en: 'Dhaka', bn: 'ঢাকা', thanas: [{ en: 'Savar', bn: 'সাভার', zone: 'Suburbs Dhaka' }, { en: 'Dhanmondi', bn: 'ধানমন্ডি', zone: 'Inside Dhaka' }] }];
    expect(editChanges(moved, words, 'bn', areaNamesOf(areas, 'bn')).slice(0, 2)).toEqual(['District: none → ঢাকা', 'Thana / Upazila: ধানমন্ডি → সাভার']);
    expect(areaNamesOf(areas, 'en')).toBeUndefined();
  });

  it('says a phone changed, and nothing of totals that did not', () => {
    expect(editChanges({ reason: 'r', before: { phone: '+8801712345678' }, after: { phone: '+8801812345678' }, stockTaken: [] }, words, 'en')).toEqual(['Phone: +8801712345678 → +8801812345678']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../lib/i18n/i18n';
import type { OrderRecordsId } from '../messages/order-records';
import { actorText, parcelFacts, parcelWords, paymentFacts } from './order-events';

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
  });
});

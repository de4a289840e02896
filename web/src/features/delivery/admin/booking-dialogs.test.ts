import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../lib/i18n/i18n';
import type { BookingResult } from './api/delivery-keys';
import { resultText } from './booking-dialogs';
import type { DeliveryAdminId } from './messages/delivery-admin';

/** The message's id and its values, so that a test reads what was asked for. */
const t: Translate<DeliveryAdminId> = (id, values = {}) => `${id}${JSON.stringify(values)}`;
const result = (over: Partial<BookingResult>): BookingResult => ({ orderId: 'o1', orderNumber: 10042, outcome: 'booked', message: null, consignmentId: '1424107', trackingCode: 'AB12CD34', ...over });

describe("a booking's result in words", () => {
  it('names the order by its number (in Bengali digits on a Bengali page) and a booked one by its tracking code', () => {
    expect(resultText(t, 'en', 'steadfast', result({}))).toBe('deliveryAdmin.result.booked{"order":"10042","code":"AB12CD34"}');
    expect(resultText(t, 'bn', 'steadfast', result({}))).toBe('deliveryAdmin.result.booked{"order":"১০০৪২","code":"AB12CD34"}');
  });

  it('says a queued or failed one with the courier named, a refused one alone, and an order without a number by its id', () => {
    expect(resultText(t, 'en', 'steadfast', result({ outcome: 'queued', trackingCode: null }))).toBe('deliveryAdmin.result.queued{"order":"10042","courier":"deliveryAdmin.courier.steadfast{}"}');
    expect(resultText(t, 'en', 'pathao', result({ outcome: 'failed', trackingCode: null }))).toBe('deliveryAdmin.result.failed{"order":"10042","courier":"deliveryAdmin.courier.pathao{}"}');
    expect(resultText(t, 'en', 'redx', result({ outcome: 'refused', orderNumber: null, orderId: 'abc' }))).toBe('deliveryAdmin.result.refused{"order":"abc"}');
  });
});

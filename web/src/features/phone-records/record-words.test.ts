import { describe, expect, it } from 'vitest';
import { courierTallies, nameOf, ownAccepted, percentOf } from './record-words';

describe("a phone's delivery record in words (issue 35)", () => {
  it("counts the shop's own parcels accepted of delivered, returned and canceled by the shop", () => {
    expect(ownAccepted({ placed: 17, delivered: 12, returned: 2, canceledByShop: 1, canceledByCustomer: 2 })).toEqual({ accepted: 12, finished: 15 });
    expect(ownAccepted({ placed: 1, delivered: 0, returned: 0, canceledByShop: 0, canceledByCustomer: 1 })).toEqual({ accepted: 0, finished: 0 });
  });

  it('gives a share in whole percent, rounded down, and none of nothing', () => {
    expect(percentOf(12, 15)).toBe(80);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(0, 0)).toBeNull();
  });

  it('names the sources and couriers it knows, others as the server does', () => {
    expect(nameOf('source', 'steadfast')).toEqual({ id: 'phoneRecords.source.steadfast' });
    expect(nameOf('source', 'bdcourier')).toEqual({ id: 'phoneRecords.source.bdcourier' });
    expect(nameOf('courier', 'Pathao')).toEqual({ id: 'phoneRecords.courier.pathao' });
    expect(nameOf('courier', 'carrybee')).toEqual({ text: 'carrybee' });
  });

  it("lists a source's couriers, not the one that repeats Steadfast's own total, nor those with no parcel", () => {
    const steadfast = { source: 'steadfast', total: 15, delivered: 12, returned: 3, couriers: [{ courier: 'steadfast', total: 15, delivered: 12, returned: 3 }], checkedAt: '2026-11-29T10:00:00.000Z' };
    expect(courierTallies(steadfast)).toEqual([]);
    const bd = {
      source: 'bdcourier',
      total: 9,
      delivered: 7,
      returned: 2,
      couriers: [
        { courier: 'pathao', total: 5, delivered: 4, returned: 1 },
        { courier: 'redx', total: 0, delivered: 0, returned: 0 },
        { courier: 'steadfast', total: 4, delivered: 3, returned: 1 },
      ],
      checkedAt: '2026-11-29T10:00:00.000Z',
    };
    expect(courierTallies(bd).map((tally) => tally.courier)).toEqual(['pathao', 'steadfast']);
  });
});

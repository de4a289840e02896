import { describe, expect, it } from 'vitest';
import { dayOf, deskFilterFromSearch, deskQuery, deskSearchWith, isDeskFiltered } from './desk-filter';

describe('the orders desk filter in the URL', () => {
  it('reads q, status and the days the API takes, and drops what it would refuse', () => {
    const read = deskFilterFromSearch(new URLSearchParams('q=%20017%20&status=Pending&from=2026-11-01&to=2026-11-30&page=3'));
    expect(read).toEqual({ q: '017', status: 'Pending', from: '2026-11-01', to: '2026-11-30' });
    expect(isDeskFiltered(read)).toBe(true);
    const junk = deskFilterFromSearch(new URLSearchParams(`q=%20%20&status=pending&from=2026-02-30&to=1999-12-31`));
    expect(junk).toEqual({ q: undefined, status: undefined, from: undefined, to: undefined });
    expect(isDeskFiltered(junk)).toBe(false);
    expect(deskFilterFromSearch(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('reads where the parcel is (issue 34), and drops a value the API would refuse', () => {
    const read = deskFilterFromSearch(new URLSearchParams('delivery=partly_delivered'));
    expect(read).toEqual({ q: undefined, status: undefined, delivery: 'partly_delivered', from: undefined, to: undefined });
    expect(isDeskFiltered(read)).toBe(true);
    expect(deskQuery(read)).toEqual({ delivery: 'partly_delivered' });
    expect(deskFilterFromSearch(new URLSearchParams('delivery=unbooked')).delivery).toBe('unbooked');
    expect(deskFilterFromSearch(new URLSearchParams('delivery=lost')).delivery).toBeUndefined();
    expect(deskSearchWith(new URLSearchParams('delivery=returned&page=2'), { delivery: undefined })).toBe('');
  });

  it('reads a range given upside down the right way round', () => {
    expect(deskFilterFromSearch(new URLSearchParams('from=2026-12-01&to=2026-11-01'))).toMatchObject({ from: '2026-11-01', to: '2026-12-01' });
  });

  it('knows the days of the calendar', () => {
    expect(dayOf('2024-02-29')).toBe('2024-02-29');
    for (const day of ['2025-02-29', '2026-13-01', '26-11-01', '2026-1-01', '', null, '2201-01-01']) expect(dayOf(day), String(day)).toBeUndefined();
  });

  it('goes back to page 1 on a change and drops emptied keys', () => {
    const params = new URLSearchParams('q=10001&status=Pending&page=4');
    expect(deskSearchWith(params, { status: 'Confirmed' })).toBe('?q=10001&status=Confirmed');
    expect(deskSearchWith(params, { q: '', status: undefined })).toBe('');
  });

  it('asks the API with the given keys only', () => {
    expect(deskQuery({ q: 'rina', to: '2026-11-30' })).toEqual({ q: 'rina', to: '2026-11-30' });
    expect(deskQuery({})).toEqual({});
  });
});

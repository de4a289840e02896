import { describe, expect, it } from 'vitest';
import { cashPeriodFromSearch, cashSearchWith } from './cash-period';

describe('the courier cash period in the URL', () => {
  it('reads the days the API takes, the right way round, and drops the rest', () => {
    expect(cashPeriodFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-30'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(cashPeriodFromSearch(new URLSearchParams('from=2026-12-01&to=2026-11-01'))).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(cashPeriodFromSearch(new URLSearchParams('from=2026-02-30&to=x'))).toEqual({ from: undefined, to: undefined });
    expect(cashPeriodFromSearch(new URLSearchParams(''))).toEqual({ from: undefined, to: undefined });
  });

  it('writes a new period and keeps the other keys', () => {
    expect(cashSearchWith(new URLSearchParams('courier=steadfast'), { from: '2026-11-30', to: '2026-11-01' })).toBe('?courier=steadfast&from=2026-11-01&to=2026-11-30');
    expect(cashSearchWith(new URLSearchParams('from=2026-11-01&to=2026-11-30'), {})).toBe('');
  });
});

import { describe, it, expect } from 'vitest';
import { retryDelay } from './query-client';

describe('retryDelay', () => {
  it('starts at one second and doubles with every failure', () => {
    expect(retryDelay(0)).toBe(1000);
    expect(retryDelay(1)).toBe(2000);
    expect(retryDelay(2)).toBe(4000);
    expect(retryDelay(3)).toBe(8000);
    expect(retryDelay(4)).toBe(16_000);
  });

  it('is capped at thirty seconds', () => {
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(10)).toBe(30_000);
    expect(retryDelay(100)).toBe(30_000);
  });

  it('never decreases as failures accumulate', () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(retryDelay(attempt + 1)).toBeGreaterThanOrEqual(retryDelay(attempt));
    }
  });
});

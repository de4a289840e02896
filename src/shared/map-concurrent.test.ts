import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapConcurrent } from './map-concurrent.js';

describe('mapConcurrent', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 }), fc.integer({ min: 1, max: 4 }), async (delays, limit) => {
        let running = 0;
        let peak = 0;
        const out = await mapConcurrent(delays, limit, async (d, i) => {
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, d));
          running--;
          return i * 2;
        });
        expect(out).toEqual(delays.map((_, i) => i * 2));
        expect(peak).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 30 },
    );
  });

  it('rejects when a call rejects', async () => {
    await expect(mapConcurrent([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('boom')) : n))).rejects.toThrow('boom');
  });
});

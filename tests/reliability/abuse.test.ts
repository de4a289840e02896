import { describe, expect, it } from 'vitest';
import { abuseSizes, runAbuse } from './abuse.js';

// The abuse rounds at a small size (the recorded ones: npm run reliability -- --size default|large).
describe('the built server under abuse by one stranger', () => {
  it('stays up, answers the lists and stays under its memory budget through cache-key, encoding, sign-in and order floods', async () => {
    const report = await runAbuse(abuseSizes.small);
    expect(report.failures).toEqual([]);
    expect(report.rows.map((r) => r.upAfter)).toEqual([true, true, true, true, true]);
    expect(report.listsAnswered).toBe(true);
    expect(report.peakRssMb).toBeLessThan(report.budgetMb);
    // One customer holds at most the default 5 Pending orders at once.
    expect(report.ordersPlaced).toBeGreaterThan(0);
    expect(report.ordersPlaced).toBeLessThanOrEqual(5);
  }, 240_000);
});

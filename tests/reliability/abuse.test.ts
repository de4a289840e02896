import { describe, expect, it } from 'vitest';
import { abuseSizes, runAbuse } from './abuse.js';
import { serverDatabase } from './postgres-database.js';

// The abuse rounds at a small size (the recorded ones: npm run reliability -- --size default|large),
// on SQLite, or on a PostgreSQL database of its own under vitest.postgres.config.ts.
describe('the built server under abuse by one stranger', () => {
  it('stays up, answers the lists and stays under its memory budget through cache-key, encoding, sign-in and order floods', async () => {
    const database = await serverDatabase();
    let report: Awaited<ReturnType<typeof runAbuse>>;
    try {
      report = await runAbuse(abuseSizes.small, database ? { databaseUrl: database.url } : {});
    } finally {
      await database?.drop();
    }
    expect(report.failures).toEqual([]);
    expect(report.rows.map((r) => r.upAfter)).toEqual([true, true, true, true, true]);
    expect(report.listsAnswered).toBe(true);
    expect(report.peakRssMb).toBeLessThan(report.budgetMb);
    // One customer holds at most the default 5 Pending orders at once.
    expect(report.ordersPlaced).toBeGreaterThan(0);
    expect(report.ordersPlaced).toBeLessThanOrEqual(5);
  }, 240_000);
});

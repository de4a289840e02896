import { describe, expect, it } from 'vitest';
import { customerAbuseSizes, runCustomerAbuse } from './abuse-customers.js';
import { serverDatabase } from './postgres-database.js';

// The second abuse round (issue 40) at a small size (the recorded ones: npm run reliability --
// --customers default|large), on SQLite, or on a PostgreSQL database of its own under
// vitest.postgres.config.ts. Each attack must leave the server up, RSS within 60 MB of its start, and
// refuse with 4xx answers in the error format (abuse-customers.ts); /api/health must answer within
// 10 s here (a stalled server fails; the 1 s target is met in the recorded runs, not on CI's loaded
// cores, where it failed once at 1 s).
describe('the built server under abuse by customers, one address and the admin', () => {
  it('holds through cart lines, oversized orders, invoices, CSV exports, SMS, sitemap variants, sign-in and big uploads', async () => {
    const database = await serverDatabase();
    let report: Awaited<ReturnType<typeof runCustomerAbuse>>;
    const lines: string[] = [];
    try {
      report = await runCustomerAbuse(customerAbuseSizes.small, { healthLimitMs: 10_000, log: (line) => void lines.push(line), ...(database ? { databaseUrl: database.url } : {}) });
    } finally {
      await database?.drop();
    }
    // The failures whole, then the run's own lines (each attack's answers, RSS, health): a shortened
    // "expected … to be ''" hid which check failed on CI.
    if (report.failures.length > 0) throw new Error(`${report.failures.join('\n')}\n--- the run:\n${lines.join('\n')}`);
    expect(report.rows.map((r) => r.attack)).toHaveLength(11);
    expect(report.rows.every((r) => r.upAfter)).toBe(true);
  }, 600_000);
});

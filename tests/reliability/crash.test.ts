import { describe, expect, it } from 'vitest';
import { runCrashRounds } from './crash.js';
import { serverDatabase } from './postgres-database.js';

// A small size of the crash rounds (the full one: node --import tsx tests/reliability/crash.ts),
// on SQLite, or on a PostgreSQL database of its own under vitest.postgres.config.ts.
describe('crash durability of the built server', () => {
  it('loses no acknowledged order over SIGKILLs at random moments; the file and the audit chain stay sound', async () => {
    const database = await serverDatabase();
    let report: Awaited<ReturnType<typeof runCrashRounds>>;
    try {
      report = await runCrashRounds({ rounds: 3, clients: 4, ...(database ? { databaseUrl: database.url } : {}) });
    } finally {
      await database?.drop();
    }
    expect(report.failures).toEqual([]);
    expect(report.rounds).toBe(3);
    expect(report.ordersAcknowledged).toBeGreaterThan(0);
    expect(report.ordersLost).toBe(0);
    expect(report.integrity).toBe('ok');
    expect(report.auditOk).toBe(true);
  }, 150_000);
});

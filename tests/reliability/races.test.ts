import { describe, expect, it } from 'vitest';
import { runRaces } from './races.js';

// A small run for `npm test`, over real HTTP on 127.0.0.1; `npm run reliability` runs more rounds.
describe('races over real HTTP', () => {
  it('one Idempotency-Key makes one order, one status change wins, concurrent cart adds add up', async () => {
    const rounds = Number(process.env.RACE_ROUNDS ?? 4);
    const report = await runRaces({ rounds });
    console.log('races:', JSON.stringify({ ...report, failures: report.failures.length }));
    expect(report.failures).toEqual([]);
    expect(report.idempotentOrders).toEqual({ rounds, ok: rounds });
    expect(report.statusChanges).toEqual({ rounds, ok: rounds });
    expect(report.cartAdds).toEqual({ rounds, ok: rounds });
  }, 60_000);
});

import { describe, expect, it } from 'vitest';
import { AUDIT_CHECKING_REFETCH_MS, auditQueryOptions, uncheckedEvents, type AuditPage } from './get-audit';

// An older server did not send uncheckedEvents at all.
const report = (unchecked?: number) =>
  ({
    verified: false,
    eventCount: 10,
    problem: null,
    ...(unchecked === undefined ? {} : { uncheckedEvents: unchecked }),
    events: [],
    eventsTotal: 10,
  }) as AuditPage;

/** The interval the query asks again at, for an answer (undefined: none yet). */
function interval(data: AuditPage | undefined) {
  const refetch = auditQueryOptions(1).refetchInterval;
  if (typeof refetch !== 'function') throw new Error('the audit query decides its interval from the answer');
  return refetch({ state: { data } } as unknown as Parameters<typeof refetch>[0]);
}

describe('the audit while the server is still checking the log', () => {
  it('counts the events left, 0 from a server that does not say', () => {
    expect(uncheckedEvents(report(1234))).toBe(1234);
    expect(uncheckedEvents(report(0))).toBe(0);
    expect(uncheckedEvents(report())).toBe(0);
  });

  it('asks again every few seconds until nothing is left, then stops', () => {
    expect(interval(report(5000))).toBe(AUDIT_CHECKING_REFETCH_MS);
    expect(interval(report(0))).toBe(false);
    expect(interval(report())).toBe(false);
    expect(interval(undefined)).toBe(false);
  });
});

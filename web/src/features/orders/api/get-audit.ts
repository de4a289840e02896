import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, send } from '../../../lib/api-client';
import { pageQuery, totalCount } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Answer } from '../../../lib/api/contracts';
import { ordersQueryKeyRoot } from './get-orders';

/**
 * The verdict, one page of the log's events (newest first), and how many events the log holds
 * (X-Total-Count), for paging them. While `uncheckedEvents` is above 0 (a long log is checked in the
 * background after a start), `verified` is false and `problem` null: neither is a verdict yet.
 */
export type AuditPage = Answer<'get /audit'> & { eventsTotal: number };

/** Admin only: the order log's hash chain, checked by the server, and one page (1, 2, ...) of its events, newest first. */
export async function getAudit(page: number): Promise<AuditPage> {
  const paging = pageQuery(page);
  const response = await send(authApi, 'get /audit', { query: { limit: String(paging.limit), offset: String(paging.offset) } });
  const report = (await response.json()) as Answer<'get /audit'>;
  return { ...report, eventsTotal: totalCount(response.headers.get('X-Total-Count'), report.eventCount) };
}

/** How often the page asks again while the server is still checking the log. */
export const AUDIT_CHECKING_REFETCH_MS = 3_000;

/** Events the server has still to check (0 from a server that checks the whole log at once). */
export function uncheckedEvents(report: { uncheckedEvents?: number }): number {
  const left = report.uncheckedEvents;
  return typeof left === 'number' && Number.isFinite(left) && left > 0 ? left : 0;
}

export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'audit', page],
    queryFn: () => getAudit(page),
    placeholderData: keepPreviousData,
    // Asks again every few seconds until the server has checked every event, then stops.
    refetchInterval: (query) => (query.state.data && uncheckedEvents(query.state.data) > 0 ? AUDIT_CHECKING_REFETCH_MS : false),
    retry: retryUnlessClientError,
  });

export function useAudit(page: number) {
  return useQuery(auditQueryOptions(page));
}

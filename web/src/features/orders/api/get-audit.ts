import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { pageQuery, totalCount } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import { ordersQueryKeyRoot } from './get-orders';
import type { OrderEventType } from './get-order-events';

export type AuditEvent = {
  id: string;
  orderId: string;
  seq: number;
  type: OrderEventType;
  actorEmail: string;
  /** ISO date-time. */
  at: string;
  /** Hex hash chaining this event to the one before. */
  hash: string;
};

export type AuditProblem = { eventId: string; orderId: string; seq: number; reason: string };

export type AuditReport = {
  verified: boolean;
  eventCount: number;
  problem: AuditProblem | null;
  /** Newest first, one page of them. */
  events: AuditEvent[];
};

/** The report, and how many events the log holds (X-Total-Count), for paging its events. */
export type AuditPage = AuditReport & { eventsTotal: number };

/** Admin only: the order log's hash chain, checked by the server, and one page (1, 2, ...) of its events, newest first. */
export async function getAudit(page: number): Promise<AuditPage> {
  const paging = pageQuery(page);
  const response = await authApi.get('audit', { searchParams: paging });
  const report = await response.json<AuditReport>();
  return { ...report, eventsTotal: totalCount(response.headers.get('X-Total-Count'), report.eventCount) };
}

export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'audit', page],
    queryFn: () => getAudit(page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useAudit(page: number) {
  return useQuery(auditQueryOptions(page));
}

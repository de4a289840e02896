import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
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
  /** Newest first, at most 500. */
  events: AuditEvent[];
};

/** Admin only: the order log's hash chain, checked by the server, and its latest events. */
export function getAudit(): Promise<AuditReport> {
  return authApi.get('audit').json<AuditReport>();
}

export const auditQueryOptions = () =>
  queryOptions({
    queryKey: [...ordersQueryKeyRoot, 'audit'],
    queryFn: getAudit,
    retry: retryUnlessClientError,
  });

export function useAudit() {
  return useQuery(auditQueryOptions());
}

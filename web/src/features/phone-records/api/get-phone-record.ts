import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { retryUnlessClientError } from '../../../lib/query-client';

// The wire types of the phone-records contract (src/modules/phone-records/adapters/http.ts, issue 35).

/** GET /api/orders/:id/record (admin): the delivery record of the order's phone number, as advice. */
export type PhoneRecord = Answer<'get /orders/:id/record'>;
export type OwnRecord = PhoneRecord['own'];
export type SourceRecord = PhoneRecord['couriers'][number];

/** Every phone-record query starts with this key. */
export const phoneRecordsQueryKeyRoot = ['phone-records'] as const;

/** Admin only: the shop's own record of the order's phone and each courier source's (kept a day by the server). */
export function getPhoneRecord(orderId: string): Promise<PhoneRecord> {
  // The server asks the couriers' sources (each bounded by its own time-out) before it answers.
  return call(authApi, 'get /orders/:id/record', { params: { id: orderId }, timeout: 30_000 });
}

export const phoneRecordQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...phoneRecordsQueryKeyRoot, orderId],
    queryFn: () => getPhoneRecord(orderId),
    retry: retryUnlessClientError,
    // A record changes slowly; the couriers' are kept a day by the server.
    staleTime: 5 * 60 * 1000,
  });

export function usePhoneRecord(orderId: string) {
  return useQuery(phoneRecordQueryOptions(orderId));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';

// The wire type of the ordering contract (src/modules/order-defences/adapters/blocked-phones-http.ts): numbers as +8801XXXXXXXXX.
export type BlockedPhone = Row<'get /blocked-phones'>;

/** Admin only; newest first, one page (1, 2, ...). */
export function getBlockedPhones(page: number): Promise<Page<BlockedPhone>> {
  return getPage(authApi, 'get /blocked-phones', pageQuery(page));
}

export const blockedPhonesQueryKeyRoot = ['blocked-phones'] as const;

export const blockedPhonesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...blockedPhonesQueryKeyRoot, 'list', page],
    queryFn: () => getBlockedPhones(page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useBlockedPhones(page: number) {
  return useQuery(blockedPhonesQueryOptions(page));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { BlockedPhoneDto } from '../../../../../src/modules/order-defences/index';

// The wire type of the ordering contract (src/modules/order-defences/adapters/blocked-phones-http.ts): numbers as +8801XXXXXXXXX.
export type BlockedPhone = BlockedPhoneDto;

/** Admin only; newest first, one page (1, 2, ...). */
export function getBlockedPhones(page: number): Promise<Page<BlockedPhone>> {
  return getPage<BlockedPhone>(authApi, 'blocked-phones', pageQuery(page));
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

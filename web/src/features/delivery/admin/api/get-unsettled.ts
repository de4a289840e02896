import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../../lib/paging';
import { retryUnlessClientError } from '../../../../lib/query-client';
import { deliveryQueryKeyRoot, type CourierName, type UnsettledParcel } from './delivery-keys';

/** Admin only: a courier's delivered parcels not paid out yet, oldest first, one page (1, 2, ...). */
export function getUnsettled(courier: CourierName, page: number): Promise<Page<UnsettledParcel>> {
  return getPage(authApi, 'get /shipments/unsettled', pageQuery(page), { query: { courier } });
}

export const unsettledQueryOptions = (courier: CourierName, page: number) =>
  queryOptions({
    queryKey: [...deliveryQueryKeyRoot, 'unsettled', courier, page],
    queryFn: () => getUnsettled(courier, page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useUnsettled(courier: CourierName | undefined, page: number) {
  return useQuery({ ...unsettledQueryOptions(courier ?? 'steadfast', page), enabled: courier !== undefined });
}

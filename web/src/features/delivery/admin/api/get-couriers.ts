import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../../lib/api-client';
import { retryUnlessClientError } from '../../../../lib/query-client';
import { deliveryQueryKeyRoot, type CourierChoice } from './delivery-keys';

/** Admin only: every courier and whether the shop's settings have its keys. */
export function getCouriers(): Promise<CourierChoice[]> {
  return call(authApi, 'get /shipments/couriers');
}

export const couriersQueryOptions = () =>
  queryOptions({
    queryKey: [...deliveryQueryKeyRoot, 'couriers'],
    queryFn: getCouriers,
    retry: retryUnlessClientError,
    // The settings change only with a restart of the shop.
    staleTime: 5 * 60 * 1000,
  });

export function useCouriers() {
  return useQuery(couriersQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';

// The wire type of the promotions contract (src/modules/promotions/adapters/http.ts).
export type Slider = Row<'get /sliders'>;

/** Newest first. */
export function getSliders(): Promise<Slider[]> {
  return call(api, 'get /sliders');
}

export const slidersQueryOptions = () =>
  queryOptions({
    queryKey: ['sliders'],
    queryFn: getSliders,
    staleTime: 60_000,
    retry: retryUnlessClientError,
    // Not private: kept in the cache across log-out (see removePrivateQueries).
    meta: { public: true },
  });

export function useSliders() {
  return useQuery(slidersQueryOptions());
}

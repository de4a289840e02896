import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

// Mirrors docs/api/catalogue.md (sliders); declared here, as the web imports no server code.
export type Slider = {
  _id: string;
  image: string;
};

/** Newest first. */
export function getSliders(): Promise<Slider[]> {
  return api.get('sliders').json<Slider[]>();
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

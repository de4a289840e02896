import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

/** GET /api/areas: Bangladesh's 64 districts (English alphabetical order), each with its thanas / upazilas and the zone each is delivered in. */
export type Areas = Answer<'get /areas'>;
export type AreaDistrict = Areas[number];

/** Shipped with the shop and the same for a release (the server sends it with a day's max-age): asked once a visit. */
export const areasQueryOptions = () =>
  queryOptions({
    queryKey: ['areas'],
    queryFn: () => call(api, 'get /areas'),
    staleTime: Infinity,
    gcTime: 24 * 60 * 60_000,
  });

export function useAreas() {
  return useQuery(areasQueryOptions());
}

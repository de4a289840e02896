import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { SmsUsageDto } from '../../../../../src/modules/messages/index';
import { statsQueryKeyRoot } from './stats-types';

/** Today's SMS against the daily budget and the ceilings (issue 40, decision 048). */
export type SmsUsage = SmsUsageDto;

/** Admin only: GET /api/stats/sms. */
export function getSmsUsage(): Promise<SmsUsage> {
  return authApi.get('stats/sms').json<SmsUsage>();
}

export const smsUsageQueryOptions = () =>
  queryOptions({
    queryKey: [...statsQueryKeyRoot, 'sms'],
    queryFn: getSmsUsage,
    retry: retryUnlessClientError,
    // The count moves with every code and order text: looked at again every minute while shown.
    refetchInterval: 60_000,
  });

export function useSmsUsage() {
  return useQuery(smsUsageQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { retryUnlessClientError } from '../../../lib/query-client';

export type AdminStatus = Answer<'get /users/admin/:email'>;

export function getAdminStatus(email: string): Promise<AdminStatus> {
  return call(authApi, 'get /users/admin/:email', { params: { email } });
}

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['users', 'admin', email],
    queryFn: () => getAdminStatus(email),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });

/** The server's word on whether this (signed-in) email is an admin; idle until an email is known. */
export function useAdminStatus(email: string | undefined) {
  return useQuery({ ...adminStatusQueryOptions(email ?? ''), enabled: Boolean(email) });
}

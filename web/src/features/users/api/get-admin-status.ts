import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export type AdminStatus = { admin: boolean };

export function getAdminStatus(email: string): Promise<AdminStatus> {
  return authApi.get(`users/admin/${encodeURIComponent(email)}`).json<AdminStatus>();
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

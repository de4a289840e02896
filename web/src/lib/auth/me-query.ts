import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi, call } from '../api-client';
import type { Answer } from '../api/contracts';
import { retryUnlessClientError } from '../query-client';

export type Me = Answer<'get /auth/me'>;

/** The signed-in user as the server says now (private: dropped at log-out with the rest). */
export const meQueryKey = ['auth', 'me'] as const;

/**
 * GET /api/auth/me: the session's user with its role as it is now (an admin may have changed it since
 * the sign-in, issue 36). The AuthProvider seeds it at sign-in and reads it without asking; the
 * dashboard asks again once it is older than `staleTime` (useFreshRole).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: () => call(authApi, 'get /auth/me'),
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });

/** Keeps the role fresh while the dashboard is shown (on entering it, and on coming back to the tab). */
export function useFreshRole(signedIn: boolean): void {
  useQuery({ ...meQueryOptions(), enabled: signedIn });
}

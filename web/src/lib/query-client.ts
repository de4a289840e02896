import { QueryClient } from '@tanstack/react-query';
import { isHTTPError } from './http-errors';

const MAX_RETRY_DELAY_MS = 30_000;
const MAX_RETRIES = 3;

/**
 * Exponential back-off between retries: 1 s, 2 s, 4 s, ... capped at 30 s.
 * TanStack Query passes the number of failures before this retry, starting at 0.
 */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/**
 * For protected queries: a 4xx answer (bad token, wrong role, not found) will not change on a retry,
 * except 408 and 429, which say "later". Other failures get the usual three retries.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (isHTTPError(error)) {
    const { status } = error.response;
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) return false;
  }
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 5 * 60 * 1000,
      retry: MAX_RETRIES,
      retryDelay,
    },
  },
});

/**
 * Drops every cached query not marked `meta: { public: true }`, so that nothing of a signed-out user
 * (cart, orders, users, admin flag) survives into the next session. Deny by default: a new query
 * is private unless it says otherwise.
 */
export function removePrivateQueries(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.meta?.public !== true });
}

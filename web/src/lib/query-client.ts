import { QueryClient } from '@tanstack/react-query';

const MAX_RETRY_DELAY_MS = 30_000;

/**
 * Exponential back-off between retries: 1 s, 2 s, 4 s, ... capped at 30 s.
 * TanStack Query passes the number of failures before this retry, starting at 0.
 */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 5 * 60 * 1000,
      retry: 3,
      retryDelay,
    },
  },
});

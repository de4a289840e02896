import ky from 'ky';

/**
 * The one HTTP client of the SPA. The server is same-origin, so every path is relative to /api
 * and must not start with '/' (ky's prefixUrl rule), e.g. `api.get('categories')`.
 *
 * ky's own retries are off: TanStack Query owns retrying (see query-client.ts), and stacking both
 * would multiply requests against a struggling server.
 *
 * The Bearer header for protected calls belongs here (a beforeRequest hook reading the stored
 * access token), so that no feature builds its own authorised client.
 */
export const api = ky.create({
  prefixUrl: '/api',
  retry: 0,
  timeout: 15_000,
});

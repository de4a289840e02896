import ky, { type KyInstance } from 'ky';
import { emitSessionExpired } from './auth/session-events';
import { getToken } from './auth/token-store';
import { currentLanguage } from './i18n/i18n';

/**
 * The HTTP clients of the SPA. The server is same-origin, so every path is relative to /api
 * and must not start with '/' (ky's prefixUrl rule), e.g. `api.get('categories')`.
 *
 * ky's own retries are off: TanStack Query owns retrying (see query-client.ts), and stacking both
 * would multiply requests against a struggling server.
 */

declare global {
  interface Window {
    /** Answers requested by public/prefetch.js before the app started, by path (and query). */
    __shopPrefetch?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The answer to `request` that public/prefetch.js already asked for, taken once (later calls fetch
 * anew). Only plain GETs without a token are taken; a prefetch that failed is asked again. Every
 * call says the language shown (issue 18: the server writes emails, SMS and PDFs in it), as the
 * CORS-safelisted Accept-Language.
 */
function fetchOrTakePrefetched(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  // ky always calls its fetch with a Request.
  const request = input as Request;
  request.headers.set('Accept-Language', currentLanguage());
  const prefetched = window.__shopPrefetch;
  if (prefetched && request.method === 'GET' && !request.headers.has('Authorization')) {
    const url = new URL(request.url);
    const key = url.pathname + url.search;
    const answer = url.origin === window.location.origin ? prefetched[key] : undefined;
    if (answer) {
      prefetched[key] = undefined;
      return answer.catch(() => fetch(request, init));
    }
  }
  return fetch(request, init);
}

/** The calls the app makes (ky's instances). */
export type HttpClient = KyInstance;

/** Public calls: no Authorization header, and a 401 (say, a wrong password at login) is just an error. */
export const api = ky.create({
  prefixUrl: '/api',
  retry: 0,
  timeout: 15_000,
  fetch: fetchOrTakePrefetched,
});

/**
 * Protected calls: sends the stored session token, and treats a 401 or 403 as the end of the session
 * (the AuthProvider logs out and shows /login). No feature builds its own authorised client.
 */
export const authApi = api.extend({
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (_request, _options, response) => {
        if (response.status === 401 || response.status === 403) emitSessionExpired();
      },
    ],
  },
});

/** Header for a call made with a token that is not (yet) the stored one, e.g. a Firebase ID token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

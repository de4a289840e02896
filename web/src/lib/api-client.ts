import type { Input, KyInstance, KyResponse, Options, ResponsePromise } from 'ky';
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

type Method = 'get' | 'post' | 'patch' | 'delete';

/** ky's answer to a call: the Response once it came, or (`.json()`) its body. */
export type LazyResponsePromise = Promise<KyResponse> & Pick<ResponsePromise, 'json'>;

/** The calls the app makes: ky's, with ky's requests, answers and errors. */
export type HttpClient = Record<Method, (input: Input, options?: Options) => LazyResponsePromise>;

/**
 * A client whose calls are ky's, made once ky is here. ky is a chunk of its own, fetched as soon as
 * the entry runs, not part of the JavaScript `/` needs before it is interactive (issue 20's budget):
 * its first requests are already under way, started by public/prefetch.js. A `.json()` chained at
 * once (`api.get(x).json()`) is ky's own, which asks with `Accept: application/json` as ky does.
 */
function lazyClient(client: Promise<KyInstance>): HttpClient {
  const call = (method: Method) => (input: Input, options?: Options) => {
    let json = false;
    // The next microtask at the earliest: a `.json()` chained in the same statement is known by then.
    const started = client.then((ky) => {
      const response = ky[method](input, options);
      return { response, body: json ? response.json() : undefined };
    });
    const answer = () => started.then(({ response }) => response);
    return {
      then: (onFulfilled?: never, onRejected?: never) => answer().then(onFulfilled, onRejected),
      catch: (onRejected?: never) => answer().catch(onRejected),
      finally: (onFinally?: () => void) => answer().finally(onFinally),
      json: () => {
        json = true;
        return started.then(({ response, body }) => body ?? response.json());
      },
    } as unknown as LazyResponsePromise;
  };
  return { get: call('get'), post: call('post'), patch: call('patch'), delete: call('delete') };
}

const publicKy = import('ky').then(({ default: ky }) =>
  ky.create({ prefixUrl: '/api', retry: 0, timeout: 15_000, fetch: fetchOrTakePrefetched }),
);

/** Public calls: no Authorization header, and a 401 (say, a wrong password at login) is just an error. */
export const api = lazyClient(publicKy);

/**
 * Protected calls: sends the stored session token, and treats a 401 or 403 as the end of the session
 * (the AuthProvider logs out and shows /login). No feature builds its own authorised client.
 */
export const authApi = lazyClient(
  publicKy.then((ky) =>
    ky.extend({
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
    }),
  ),
);

/** Header for a call made with a token that is not (yet) the stored one, e.g. a Firebase ID token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

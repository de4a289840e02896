import ky, { type KyInstance, type Options, type ResponsePromise } from 'ky';
import type { Answer, Body, Params, Query, Route } from './api/contracts';
import { emitSessionExpired } from './auth/session-events';
import { getToken } from './auth/token-store';
import { currentLanguage } from './i18n/i18n';

/**
 * The HTTP clients of the SPA. The server is same-origin, so every path is relative to /api.
 * Features call a route through `call(api, 'get /categories')` (below), typed by its contract.
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

type Part<Name extends string, T> = [T] extends [never] ? { [K in Name]?: never } : object extends T ? { [K in Name]?: T } : { [K in Name]: T };

/** What a call sends: the route's path parameters, query and body as its contract types them, and ky's few options the app uses. */
export type CallInput<R extends Route> = Part<'params', Params<R>> &
  Part<'query', Query<R>> &
  Part<'body', Body<R>> & {
    headers?: Record<string, string>;
    timeout?: number;
  };
export type CallArgs<R extends Route> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/**
 * The request of `route` (`get /products/:id`), as ky's answer: the path parameters written in
 * (encoded), the query's defined fields in the order given, the body as JSON.
 */
export function send<R extends Route>(client: HttpClient, route: R, ...[input]: CallArgs<R>): ResponsePromise {
  const { params, query, body, headers, timeout } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string>; timeout?: number };
  const space = route.indexOf(' ');
  // ky's prefixUrl wants no leading '/'.
  const path = route.slice(space + 2).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const options: Options = { method: route.slice(0, space) };
  if (query) options.searchParams = Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]));
  if (body !== undefined) options.json = body;
  if (headers) options.headers = headers;
  if (timeout !== undefined) options.timeout = timeout;
  return client(path, options);
}

/**
 * Calls `route` and answers its body, typed by the route's contract (src/api-routes.ts): the one
 * place where the web takes the server at its word. A route's contract changed, the callers of
 * the route no longer typecheck.
 */
export function call<R extends Route>(client: HttpClient, route: R, ...args: CallArgs<R>): Promise<Answer<R>> {
  return send(client, route, ...args).json() as Promise<Answer<R>>;
}

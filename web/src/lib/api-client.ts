import { emitSessionExpired } from './auth/session-events';
import { getToken } from './auth/token-store';

/**
 * The HTTP clients of the SPA, on fetch. The server is same-origin, so every path is relative to /api
 * and must not start with '/', e.g. `api.get('categories').json<Category[]>()`.
 *
 * No retries here: TanStack Query owns retrying (see query-client.ts), and stacking both would
 * multiply requests against a struggling server. (A ky-like client of our own rather than ky: the
 * same calls for ~1 kB instead of ~5 kB gzipped of the JavaScript `/` loads first, decision 020.)
 */

const TIMEOUT_MS = 15_000;

/** An answer outside 2xx; its body is left unread for lib/error-message.ts. */
export class HTTPError extends Error {
  override name = 'HTTPError';
  constructor(
    readonly response: Response,
    readonly request: Request,
  ) {
    super(`Request failed with status code ${response.status}: ${request.method} ${request.url}`);
  }
}

/** No answer within the client's time limit. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly request: Request) {
    super(`Request timed out: ${request.method} ${request.url}`);
  }
}

export type RequestOptions = {
  /** Sent as the JSON body. */
  json?: unknown;
  /** Appended to the URL in this order (public/prefetch.js relies on the order of limit and offset). */
  searchParams?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Milliseconds to wait for the whole answer (15 s unless said). */
  timeout?: number;
};

/** The answer to come (a 2xx Response; anything else rejects with HTTPError), and its JSON body. */
export type ResponsePromise = Promise<Response> & { json<T>(): Promise<T> };

type Send = (path: string, options?: RequestOptions) => ResponsePromise;
export type ApiClient = { get: Send; post: Send; put: Send; patch: Send; delete: Send };

type Hooks = { beforeRequest?: (request: Request) => void; afterResponse?: (response: Response) => void };

declare global {
  interface Window {
    /** Answers requested by public/prefetch.js before the app started, by path (and query). */
    __shopPrefetch?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The answer to `request` that public/prefetch.js already asked for, taken once (later calls fetch
 * anew). Only plain GETs without a token are taken; a prefetch that failed is asked again.
 */
function fetchOrTakePrefetched(request: Request, init: RequestInit): Promise<Response> {
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

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === '' ? '' : JSON.parse(text)) as T;
}

function createClient(hooks: Hooks = {}): ApiClient {
  const send =
    (method: string): Send =>
    (path, { json, searchParams = {}, headers, timeout = TIMEOUT_MS } = {}) => {
      const url = new URL(`/api/${path}`, window.location.origin);
      for (const [name, value] of Object.entries(searchParams)) url.searchParams.append(name, String(value));
      const request = new Request(url, {
        method,
        headers: { Accept: 'application/json', ...(json === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: json === undefined ? undefined : JSON.stringify(json),
      });
      hooks.beforeRequest?.(request);
      const answer = fetchOrTakePrefetched(request, { signal: AbortSignal.timeout(timeout) }).then(
        (response) => {
          hooks.afterResponse?.(response);
          if (!response.ok) throw new HTTPError(response, request);
          return response;
        },
        (error: unknown) => {
          throw error instanceof DOMException && error.name === 'TimeoutError' ? new TimeoutError(request) : error;
        },
      );
      return Object.assign(answer, { json: <T>() => answer.then((response) => readJson<T>(response)) });
    };
  return { get: send('GET'), post: send('POST'), put: send('PUT'), patch: send('PATCH'), delete: send('DELETE') };
}

/** Public calls: no Authorization header, and a 401 (say, a wrong password at login) is just an error. */
export const api = createClient();

/**
 * Protected calls: sends the stored session token, and treats a 401 or 403 as the end of the session
 * (the AuthProvider logs out and shows /login). No feature builds its own authorised client.
 */
export const authApi = createClient({
  beforeRequest: (request) => {
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
  },
  afterResponse: (response) => {
    if (response.status === 401 || response.status === 403) emitSessionExpired();
  },
});

/** Header for a call made with a token that is not (yet) the stored one, e.g. a Firebase ID token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

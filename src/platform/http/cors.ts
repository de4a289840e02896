import type { Context, MiddlewareHandler } from 'hono';
import { appError, errorBody } from '../../shared/errors.js';

/**
 * Cross-origin calls to /api from the pages of CORS_ORIGINS (issue 19, decision 040), such as the
 * original product's client hosted elsewhere. Exact origins only; a bearer token in Authorization,
 * never cookies (no Access-Control-Allow-Credentials, ever). Any other origin gets no CORS header
 * at all, and its preflight a 403.
 *
 * Written here rather than with hono/cors, which sends Expose-Headers to every origin and adds
 * Vary to the finished answer (a rebuilt Response on every call, docs/performance.md): these
 * headers are set before the route answers, and Vary: Origin is set by the app with the others.
 *
 * A preflight is answered here, before the body limits and every route: it holds no state and
 * spends nothing of any rate limit; Access-Control-Max-Age lets a browser ask once per URL and
 * method for two hours (Chromium's most).
 */
const corsAllowedMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Accept-Language and Content-Type's plain forms are safelisted anyway; listed for clarity. */
const corsAllowedHeaders = ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept-Language'] as const;
/** Response headers a page may read: lists' totals, waits, download names, the id to quote in a report. */
const corsExposedHeaders = ['X-Total-Count', 'Retry-After', 'Content-Disposition', 'X-Request-Id', 'ETag'] as const;
const corsMaxAgeSeconds = 7200;

/** The allowed origin this request comes from, or null (none sent, or not one of CORS_ORIGINS). */
export const allowedOrigin = (origins: ReadonlySet<string>, origin: string | undefined): string | null =>
  origin !== undefined && origins.has(origin) ? origin : null;

export function corsForApi(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  const methods = corsAllowedMethods.join(', ');
  const headers = corsAllowedHeaders.join(', ');
  const exposed = corsExposedHeaders.join(', ');

  const preflight = (c: Context, origin: string | null) => {
    if (!origin) {
      const e = appError('http/forbidden-origin', 'This origin may not call the API from a browser (CORS_ORIGINS).');
      return c.json(errorBody(e), 403);
    }
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Allow-Methods', methods);
    c.header('Access-Control-Allow-Headers', headers);
    c.header('Access-Control-Max-Age', String(corsMaxAgeSeconds));
    return c.body(null, 204);
  };

  return (c, next) => {
    const origin = allowedOrigin(allowed, c.req.header('origin'));
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) return Promise.resolve(preflight(c, origin));
    if (origin) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', exposed);
    }
    return next();
  };
}

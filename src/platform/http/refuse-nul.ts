import type { MiddlewareHandler } from 'hono';
import { appError, errorBody, statusOf } from '../../shared/errors.js';
import { readJsonBody } from './json-body.js';

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const jsonType = /^application\/(.+\+)?json\b/i;

/** Any string in a parsed JSON value, as a value or as a key, holds U+0000. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}

/**
 * PostgreSQL's text cannot hold U+0000 and SQLite's can (decision 022), so the API refuses it in
 * a query string or a JSON body before any route runs: both engines answer the same 400. A
 * multipart upload's bytes are an image, never stored as text. Runs after rejectMalformedJson: a
 * body reaching it parses.
 */
export const refuseNul: MiddlewareHandler = async (c, next) => {
  // NUL reaches the query only as %00 (the URL parser escapes a raw one), decoded once. Path
  // parameters are left to the routes: a key with NUL finds nothing on either engine (a 404).
  const url = c.req.url;
  const queryStart = url.indexOf('?');
  let found = queryStart >= 0 && url.includes('%00', queryStart);
  if (!found && bodyMethods.has(c.req.method) && jsonType.test(c.req.header('content-type') ?? '')) {
    // Only a body that spells \u0000 is walked; an escaped backslash before "u0000" is no NUL, so the walk decides.
    const text = await c.req.text();
    if (text.includes('\\u0000')) {
      const parsed = await readJsonBody(c);
      found = parsed.ok && holdsNul(parsed.value);
    }
  }
  if (found) {
    const e = appError('http/validation', 'Text may not contain the NUL character.');
    return c.json(errorBody(e), statusOf(e.code) as 400);
  }
  await next();
};

import type { HTTPError, TimeoutError } from 'ky';

// ky's error classes, recognised by name (ky names its errors) rather than by `instanceof`, so that a
// module can tell them without importing ky (decision 043 tried ky as a chunk of its own).

/** A non-2xx answer, as ky's HTTPError. */
export function isHTTPError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

/** ky's timeout (its `timeout` option), as ky's TimeoutError (or the platform's, which reads the same). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof Error && error.name === 'TimeoutError';
}

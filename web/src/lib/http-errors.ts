import type { HTTPError, TimeoutError } from 'ky';

// ky's error classes, recognised without loading ky: ky is a chunk of its own that the entry does not
// wait for (web/src/lib/api-client.ts), and an `instanceof` would bring it into the entry. ky names
// its errors.

/** A non-2xx answer, as ky's HTTPError. */
export function isHTTPError(error: unknown): error is HTTPError {
  return error instanceof Error && error.name === 'HTTPError' && 'response' in error;
}

/** ky's timeout (its `timeout` option), as ky's TimeoutError (or the platform's, which reads the same). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof Error && error.name === 'TimeoutError';
}

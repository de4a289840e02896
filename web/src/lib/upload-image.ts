import { HTTPError, TimeoutError } from 'ky';
import { emitSessionExpired } from './auth/session-events';
import { getToken } from './auth/token-store';
import type { Answer } from './api/contracts';

/**
 * POST /api/images (admin): multipart, field `image`; answers `{ data: { display_url } }`.
 *
 * XMLHttpRequest rather than ky: ky's `onUploadProgress` streams the request body, which Chrome only
 * allows over HTTP/2 and Firefox and Safari not at all; XHR reports upload progress everywhere.
 * Failures are shaped like ky's (HTTPError, TimeoutError, TypeError for the network), so
 * lib/error-message.ts describes them like any other call, with the server's message.
 */
const UPLOAD_URL = '/api/images';
const UPLOAD_TIMEOUT_MS = 120_000;

type UploadOptions = {
  /** Called with the share sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/** As the contract says; checked below all the same, since XHR's text is parsed here rather than by call(). */
type UploadAnswer = Partial<Answer<'post /images'>>;

export function uploadImage(file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const request = new Request(new URL(UPLOAD_URL, window.location.href), { method: 'POST' });
    xhr.open('POST', UPLOAD_URL);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });

    xhr.addEventListener('load', () => {
      settle();
      const { status } = xhr;
      if (status >= 200 && status < 300) {
        try {
          const body = JSON.parse(xhr.responseText) as UploadAnswer;
          const url = body.data?.display_url;
          if (typeof url !== 'string' || url === '') throw new Error('no display_url');
          onProgress?.(1);
          resolve(url);
        } catch {
          reject(new Error('The image server gave an unexpected answer. Please try again.'));
        }
        return;
      }
      // The same rule as authApi: a refused token ends the session (the AuthProvider shows /login).
      if (status === 401 || status === 403) emitSessionExpired();
      const response = new Response(xhr.responseText || null, {
        status,
        statusText: xhr.statusText,
        headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'text/plain' },
      });
      reject(new HTTPError(response, request, {} as ConstructorParameters<typeof HTTPError>[2]));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TimeoutError(request));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });

    const form = new FormData();
    form.append('image', file, file instanceof File ? file.name : 'image');
    onProgress?.(0);
    xhr.send(form);
  });
}

import type { ImageStore, PreparedImage } from './image-store.js';

export type ImgbbImageStoreOptions = {
  apiKey: string;
  /** imgbb's upload API; tests point it at a local server. */
  endpoint?: string;
  fetch?: typeof globalThis.fetch;
  /** Covers the whole exchange: connecting, sending the image and reading the answer. */
  timeoutMs?: number;
};

/**
 * Uploads the full WebP to imgbb (https://api.imgbb.com/) and answers its `display_url`.
 * imgbb makes its own smaller copies, so the variants are not sent.
 *
 * Every failure throws (an infrastructure fault, mapped to 'images/store-failed' by the caller).
 * imgbb takes the API key in the query string, so any text that might carry the URL (fetch
 * errors, imgbb's own messages) is scrubbed of the key before it goes into an Error.
 */
export function createImgbbImageStore({
  apiKey,
  endpoint = 'https://api.imgbb.com/1/upload',
  fetch = globalThis.fetch,
  timeoutMs = 20_000,
}: ImgbbImageStoreOptions): ImageStore {
  if (!apiKey) throw new Error('imgbb needs an API key');
  const url = new URL(endpoint);
  // Plain http would send the key in clear text; it is allowed only to this machine (tests).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new Error(`imgbb endpoint must use https: ${url.origin}`);
  }
  url.searchParams.set('key', apiKey);
  // Every spelling the key can take: raw, and percent-encoded as in a URL or a query string.
  const secrets = [apiKey, encodeURIComponent(apiKey), new URLSearchParams({ key: apiKey }).toString().slice('key='.length)];
  const scrub = (text: string): string => secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join('[api key]'), text);
  const fail = (reason: string): Error => new Error(scrub(`imgbb upload failed: ${reason}`));

  return {
    kind: 'imgbb',
    async save(image: PreparedImage) {
      const body = new FormData();
      // Copied into a plain Uint8Array: a Buffer may sit on a shared pool, which Blob's types refuse.
      body.set('image', new Blob([new Uint8Array(image.webp)], { type: 'image/webp' }), `${image.hash}.webp`);
      body.set('name', image.hash);

      let status: number;
      let text: string;
      try {
        // One signal for the request and the body: a server that stalls mid-answer also times out.
        const response = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(timeoutMs) });
        status = response.status;
        text = await response.text();
      } catch (error) {
        if (error instanceof Error && error.name === 'TimeoutError') throw fail(`no answer within ${timeoutMs} ms`);
        throw fail(describe(error));
      }

      const answer = parseJson(text);
      if (status < 200 || status > 299) {
        throw fail(`HTTP ${status}${errorMessageOf(answer) ? ` (${errorMessageOf(answer)})` : ''}`);
      }
      const displayUrl = displayUrlOf(answer);
      if (!displayUrl) throw fail(`unexpected answer (HTTP ${status}, ${text.length} bytes)`);
      return { url: displayUrl };
    },
  };
}

const isLoopback = (hostname: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** imgbb's error shape: `{ status_code, error: { message, code }, status_txt }`. */
function errorMessageOf(answer: unknown): string | undefined {
  if (!isRecord(answer) || !isRecord(answer.error)) return undefined;
  const message = answer.error.message;
  return typeof message === 'string' ? message.slice(0, 200) : undefined;
}

/** Only an https URL is accepted: the shop's pages are https and must not embed mixed content. */
function displayUrlOf(answer: unknown): string | undefined {
  if (!isRecord(answer) || answer.success !== true || !isRecord(answer.data)) return undefined;
  const displayUrl = answer.data.display_url;
  if (typeof displayUrl !== 'string' || !URL.canParse(displayUrl)) return undefined;
  return new URL(displayUrl).protocol === 'https:' ? displayUrl : undefined;
}

/** fetch wraps network errors as "fetch failed" with the useful part in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

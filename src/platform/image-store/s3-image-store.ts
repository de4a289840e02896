import { createHash, createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ImageStore, PreparedImage } from './image-store.js';
import { localImageFileName } from './local-disk-image-store.js';

export type S3ImageStoreOptions = {
  /** The service's address, no path: https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000. */
  endpoint: string;
  /** Part of the signature: us-east-1 for MinIO by default, auto for Cloudflare R2. */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Where browsers fetch the stored objects (a CDN, the bucket's public domain); the shop stores
   * and shows `<publicUrl>/<name>`. By default the bucket's own URL at the endpoint.
   */
  publicUrl?: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO, most self-hosted servers). */
  forcePathStyle?: boolean;
  fetch?: typeof globalThis.fetch;
  /** Covers the whole save: every object, every retry and the waits between them. */
  timeoutMs?: number;
  /** Tries per object when the service answers 5xx or 429, or the connection fails. */
  attempts?: number;
  /** Wait before the first retry; doubled for each next one. */
  retryDelayMs?: number;
  now?: () => Date;
};

/** The names are content hashes: an object never changes, so browsers and CDNs may keep it for good. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

/**
 * Puts each picture into an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2,
 * DigitalOcean Spaces) under the local store's names: `<hash>-480.webp`, `<hash>-960.webp`, then
 * `<hash>.webp`, and answers `<publicUrl>/<hash>.webp`. Requests are signed with AWS Signature
 * Version 4 (signS3Request below; decision 023).
 *
 * Invariants:
 * - The full picture is put last: once the URL the shop stores exists, its copies exist too.
 * - A name is its content, so putting a picture again rewrites identical bytes: the same image is
 *   one object however often it is uploaded, and a failed save's leftovers are harmless.
 * - Every failure throws (an infrastructure fault, mapped to 'images/store-failed' by the
 *   caller); no message carries the secret or the access key id.
 */
export function createS3ImageStore({
  endpoint,
  region,
  bucket,
  accessKeyId,
  secretAccessKey,
  publicUrl,
  forcePathStyle = false,
  fetch = globalThis.fetch,
  timeoutMs = 20_000,
  attempts = 3,
  retryDelayMs = 200,
  now = () => new Date(),
}: S3ImageStoreOptions): ImageStore {
  const service = new URL(endpoint);
  // The payload would travel in clear text; plain http is allowed only to this machine.
  if (!isSafeOrigin(service)) throw new Error(`S3 endpoint must use https: ${service.origin}`);
  if (service.pathname !== '/' || service.search || service.hash) throw new Error(`S3 endpoint must be an address without a path: ${service.origin}`);
  if (!validBucketName.test(bucket)) throw new Error(`not an S3 bucket name: ${bucket}`);
  // A dotted bucket as a host name is not covered by the service's wildcard certificate.
  if (!forcePathStyle && bucket.includes('.') && service.protocol === 'https:') throw new Error('a bucket name with dots needs path-style addresses');
  if (!region || !accessKeyId || !secretAccessKey) throw new Error('S3 needs a region, an access key id and a secret access key');

  const objectUrl = (key: string): URL =>
    forcePathStyle ? new URL(`${service.origin}/${bucket}/${key}`) : new URL(`${service.protocol}//${bucket}.${service.host}/${key}`);
  const base = (publicUrl ?? (forcePathStyle ? `${service.origin}/${bucket}` : `${service.protocol}//${bucket}.${service.host}`)).replace(/\/+$/, '');
  const publicBase = new URL(base);
  // The shop only shows https pictures (src/shared/image-url.ts); loopback http serves tests.
  if (!isSafeOrigin(publicBase) || publicBase.search || publicBase.hash) throw new Error(`S3 public URL must be an https address: ${publicBase.origin}`);

  const credentials = { accessKeyId, secretAccessKey, region };
  const scrub = (text: string): string => [secretAccessKey, accessKeyId].reduce((scrubbed, secret) => scrubbed.split(secret).join('[credential]'), text);
  const fail = (key: string, reason: string): Error => new Error(scrub(`S3 upload of ${key} to ${bucket} failed: ${reason}`));

  /** One PUT; 'retry' when another try may succeed. */
  async function putOnce(key: string, bytes: Buffer, signal: AbortSignal): Promise<'stored' | { retry: boolean; reason: string }> {
    const url = objectUrl(key);
    const payloadSha256 = createHash('sha256').update(bytes).digest('hex');
    const headers = signS3Request({ method: 'PUT', url, headers: { 'content-type': 'image/webp', 'cache-control': immutableCacheControl }, payloadSha256 }, credentials, now());
    try {
      // Copied into a plain Uint8Array: a Buffer may sit on a shared pool, which fetch's types refuse.
      const response = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes), signal });
      const text = await response.text();
      if (response.ok) return 'stored';
      return { retry: response.status >= 500 || response.status === 429, reason: `HTTP ${response.status}${s3ErrorOf(text)}` };
    } catch (error) {
      if (signal.aborted) throw error;
      return { retry: true, reason: describe(error) };
    }
  }

  async function put(key: string, bytes: Buffer, signal: AbortSignal): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await putOnce(key, bytes, signal);
      if (outcome === 'stored') return;
      if (!outcome.retry) throw fail(key, outcome.reason);
      if (attempt >= attempts) throw fail(key, `${outcome.reason} (after ${attempts} tries)`);
      await sleep(retryDelayMs * 2 ** (attempt - 1), undefined, { signal });
    }
  }

  return {
    kind: 's3',
    async save(image: PreparedImage) {
      const objects = [
        ...image.variants.map((v) => ({ key: localImageFileName(image.hash, v.width), bytes: v.webp })),
        { key: localImageFileName(image.hash), bytes: image.webp },
      ];
      const deadline = AbortSignal.timeout(timeoutMs);
      for (const { key, bytes } of objects) {
        try {
          await put(key, bytes, deadline);
        } catch (error) {
          if (deadline.aborted) throw fail(key, `no answer within ${timeoutMs} ms`);
          throw error;
        }
      }
      return { url: `${base}/${localImageFileName(image.hash)}` };
    },
  };
}

export type SignableRequest = {
  method: string;
  /** Its path and query are signed as they are encoded here. */
  url: URL;
  /** Headers to sign and send besides host, x-amz-date and x-amz-content-sha256. */
  headers: Record<string, string>;
  /** SHA-256 (hex) of the body; S3 checks the body against it. */
  payloadSha256: string;
};

export type S3Credentials = { accessKeyId: string; secretAccessKey: string; region: string };

/**
 * AWS Signature Version 4 for S3 with the signature in the Authorization header
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html). Answers the
 * headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and authorization. Host
 * is signed but not returned: fetch sets it from the URL, to the same `url.host`.
 */
export function signS3Request(request: SignableRequest, { accessKeyId, secretAccessKey, region }: S3Credentials, at: Date): Record<string, string> {
  const amzDate = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, ''); // 20130524T000000Z
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${region}/s3/aws4_request`;

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = request.payloadSha256;
  const signed: Record<string, string> = { ...headers, host: request.url.host };
  const names = Object.keys(signed).sort();
  const signedHeaders = names.join(';');

  const canonicalRequest = [
    request.method,
    canonicalPath(request.url.pathname),
    canonicalQuery(request.url.search),
    ...names.map((name) => `${name}:${(signed[name] ?? '').trim().replace(/\s+/g, ' ')}`),
    '',
    signedHeaders,
    request.payloadSha256,
  ].join('\n');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = [day, region, 's3', 'aws4_request'].reduce<Buffer>((key, part) => hmac(key, part), Buffer.from(`AWS4${secretAccessKey}`));
  const signature = hmac(signingKey, stringToSign).toString('hex');

  return { ...headers, authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

const hmac = (key: Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string): string => createHash('sha256').update(data, 'utf8').digest('hex');

/** RFC 3986: everything but A-Z a-z 0-9 - . _ ~ is percent-encoded (encodeURIComponent spares !'()*). */
const uriEncode = (text: string): string => encodeURIComponent(text).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** S3 signs the path encoded once, slashes kept, without normalising it. */
const canonicalPath = (pathname: string): string =>
  pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');

function canonicalQuery(search: string): string {
  if (search.length <= 1) return '';
  return search
    .slice(1)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** S3 bucket naming rules, the part a setting can get wrong. */
const validBucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const isSafeOrigin = (url: URL): boolean => url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname));

const isLoopback = (hostname: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

/** S3's error body is `<Error><Code>…</Code><Message>…</Message>…</Error>`; only those two are kept. */
function s3ErrorOf(text: string): string {
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]{1,300})<\/Message>/.exec(text)?.[1];
  return code ? ` ${code}${message ? ` (${message})` : ''}` : '';
}

/** fetch wraps network errors as "fetch failed" with the useful part in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/**
 * A small server that speaks enough of the S3 protocol for the image store's tests: PUT, GET and
 * HEAD of objects in one bucket, path-style or virtual-hosted, kept in memory. Every signed
 * request is checked the way S3 checks it (AWS Signature Version 4, header form), recomputed here
 * from the request as it arrived, by code written from AWS's documentation apart from the
 * adapter's signer (src/platform/image-store/s3-image-store.ts): if the adapter signs wrongly,
 * this server refuses it. verifySigV4 is anchored to AWS's published examples in
 * s3-image-store.test.ts.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ArrivedRequest = {
  method: string;
  /** Path and query exactly as on the request line. */
  target: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

export type VerifyOptions = {
  /** The secret of a known access key id. */
  secretFor: (accessKeyId: string) => string | undefined;
  service: string;
  region: string;
  /** The server's clock; without it the request's date is not compared (published examples). */
  now?: Date;
};

/** What was recomputed, for a refusal's details and for the tests of the published examples. */
type Seen = { accessKeyId?: string; canonicalRequest?: string; stringToSign?: string };

export type Verdict = ({ ok: true } & Required<Seen>) | ({ ok: false; status: 400 | 403; code: string; message: string } & Seen);

export const emptySha256 = createHash('sha256').digest('hex');
const maxSkewMs = 15 * 60_000;

/**
 * Checks the Authorization header of a request, following
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html and, for S3,
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html (paths are encoded
 * once and not normalised; the body's hash travels in x-amz-content-sha256 and must match).
 */
export function verifySigV4(request: ArrivedRequest, options: VerifyOptions): Verdict {
  const refuse = (status: 400 | 403, code: string, message: string, seen: Seen = {}): Verdict => ({ ...seen, ok: false, status, code, message });
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };

  const authorization = header('authorization') ?? '';
  const prefix = 'AWS4-HMAC-SHA256 ';
  if (!authorization.startsWith(prefix)) return refuse(400, 'AuthorizationHeaderMalformed', 'Only AWS4-HMAC-SHA256 is understood.');
  const fields = new Map<string, string>();
  for (const part of authorization.slice(prefix.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = (fields.get('Credential') ?? '').split('/');
  const signedHeaders = (fields.get('SignedHeaders') ?? '').split(';');
  const claimed = fields.get('Signature') ?? '';
  if (credential.length !== 5 || !/^[0-9a-f]{64}$/.test(claimed) || signedHeaders[0] === '') {
    return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [accessKeyId = '', day = '', region, service, terminator] = credential;
  const secret = options.secretFor(accessKeyId);
  if (secret === undefined) return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== options.region || service !== options.service || terminator !== 'aws4_request') {
    return refuse(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the credential scope must be <date>/${options.region}/${options.service}/aws4_request.`);
  }

  const amzDate = header('x-amz-date') ?? '';
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!match) return refuse(403, 'AccessDenied', 'AWS authentication requires a valid x-amz-date header.');
  if (amzDate.slice(0, 8) !== day) return refuse(403, 'SignatureDoesNotMatch', 'The credential date does not match x-amz-date.');
  if (options.now) {
    const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
    if (Math.abs(options.now.getTime() - Date.UTC(y, mo - 1, d, h, mi, s)) > maxSkewMs) {
      return refuse(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
  }

  const sorted = [...signedHeaders].sort();
  const mustSign = ['host', 'x-amz-date', ...(options.service === 's3' ? ['x-amz-content-sha256'] : [])];
  if (signedHeaders.join(';') !== sorted.join(';') || signedHeaders.some((name) => name !== name.toLowerCase()) || mustSign.some((name) => !signedHeaders.includes(name))) {
    return refuse(400, 'AuthorizationHeaderMalformed', `SignedHeaders must be sorted, lower case, and include ${mustSign.join(', ')}.`);
  }
  for (const name of signedHeaders) {
    if (header(name) === undefined) return refuse(403, 'AccessDenied', `The signed header ${name} is missing.`);
  }

  const bodySha256 = createHash('sha256').update(request.body).digest('hex');
  let payloadHash = bodySha256;
  if (options.service === 's3') {
    const declared = header('x-amz-content-sha256');
    if (declared === undefined) return refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
    if (declared !== 'UNSIGNED-PAYLOAD' && declared !== bodySha256) {
      return refuse(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
    payloadHash = declared;
  }

  const queryAt = request.target.indexOf('?');
  const path = queryAt < 0 ? request.target : request.target.slice(0, queryAt);
  const query = queryAt < 0 ? '' : request.target.slice(queryAt + 1);
  const canonicalRequest = [
    request.method,
    path.split('/').map(percentEncodeOnce).join('/'),
    canonicalQueryString(query),
    signedHeaders.map((name) => `${name}:${collapseSpaces(header(name) ?? '')}\n`).join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonicalRequest).digest('hex')}`;

  let key: Buffer = Buffer.from(`AWS4${secret}`, 'utf8');
  for (const step of [day, region, service, 'aws4_request']) key = createHmac('sha256', key).update(step).digest();
  const expected = createHmac('sha256', key).update(stringToSign).digest();
  const seen = { accessKeyId, canonicalRequest, stringToSign };
  if (!timingSafeEqual(expected, Buffer.from(claimed, 'hex'))) {
    return refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.', seen);
  }
  return { ok: true, ...seen };
}

/** Decodes whatever the client encoded, then encodes every byte outside A-Z a-z 0-9 - _ . ~ (RFC 3986). */
function percentEncodeOnce(text: string): string {
  let out = '';
  for (const byte of Buffer.from(decodeURIComponent(text), 'utf8')) {
    const ch = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function canonicalQueryString(query: string): string {
  if (query === '') return '';
  const pairs = query.split('&').map((pair) => {
    const [name = '', ...rest] = pair.split('=');
    return `${percentEncodeOnce(name)}=${percentEncodeOnce(rest.join('='))}`;
  });
  // Sorting "name=value" strings orders by name, then value, for names of encoded characters.
  return pairs.sort((a, b) => Buffer.compare(Buffer.from(a.replace('=', '\u0000')), Buffer.from(b.replace('=', '\u0000')))).join('&');
}

const collapseSpaces = (value: string): string => value.trim().replace(/ +/g, ' ');

export type StoredObject = { body: Buffer; contentType: string | undefined; cacheControl: string | undefined };

export type LoggedRequest = { method: string; host: string; target: string; style: 'path' | 'virtual-hosted'; key: string; status: number };

/** What the next requests meet: answers as S3 does by default. */
export type Trouble =
  | { kind: 'none' }
  /** The next `times` requests get this status (500, 503, 403 ...) before any other check. */
  | { kind: 'status'; status: number; times: number }
  /** Requests are read, then never answered. */
  | { kind: 'hang' }
  /** Every answer waits this long. */
  | { kind: 'slow'; delayMs: number };

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;

/**
 * Listens on 127.0.0.1. `endpoint` is http://127.0.0.1:<port> (path-style); requests whose Host is
 * `<bucket>.<anything>` are read virtual-hosted. Anonymous GETs are served (a public bucket).
 */
export async function startS3Server({ bucket, accessKeyId, secretAccessKey, region = 'us-east-1' }: { bucket: string; accessKeyId: string; secretAccessKey: string; region?: string }) {
  const objects = new Map<string, StoredObject>();
  const log: LoggedRequest[] = [];
  let trouble: Trouble = { kind: 'none' };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const host = req.headers.host ?? '';
      const target = req.url ?? '/';
      const path = target.split('?')[0] ?? '/';
      const virtual = host.startsWith(`${bucket}.`);
      const [named, key] = virtual ? [bucket, decodeURIComponent(path.slice(1))] : [decodeURIComponent(path.split('/')[1] ?? ''), decodeURIComponent(path.split('/').slice(2).join('/'))];
      const entry: LoggedRequest = { method: req.method ?? '', host, target, style: virtual ? 'virtual-hosted' : 'path', key, status: 0 };
      log.push(entry);

      const answer = (status: number, headers: Record<string, string>, body: string | Buffer = '') => {
        entry.status = status;
        const send = () => {
          res.writeHead(status, headers);
          res.end(req.method === 'HEAD' ? undefined : body);
        };
        if (trouble.kind === 'slow') setTimeout(send, trouble.delayMs);
        else send();
      };
      const error = (status: number, code: string, message: string, extra = '') =>
        answer(
          status,
          { 'content-type': 'application/xml' },
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>${extra}<RequestId>4442587FB7D0A2F9</RequestId></Error>`,
        );

      if (trouble.kind === 'hang') return;
      if (trouble.kind === 'status') {
        const { status } = trouble;
        trouble = trouble.times > 1 ? { ...trouble, times: trouble.times - 1 } : { kind: 'none' };
        return error(status, status >= 500 ? 'InternalError' : 'AccessDenied', status >= 500 ? 'We encountered an internal error. Please try again.' : 'Access Denied');
      }

      const signed = req.headers.authorization !== undefined;
      if (signed || req.method === 'PUT') {
        const verdict = verifySigV4({ method: req.method ?? '', target, headers: req.headers, body: Buffer.concat(chunks) }, { secretFor: (id) => (id === accessKeyId ? secretAccessKey : undefined), service: 's3', region, now: new Date() });
        if (!verdict.ok) {
          // As S3 does, a signature mismatch names the key id and shows what was signed (never a secret).
          const details = verdict.stringToSign ? `<AWSAccessKeyId>${verdict.accessKeyId}</AWSAccessKeyId><StringToSign>${verdict.stringToSign}</StringToSign>` : '';
          return error(verdict.status, verdict.code, verdict.message, details);
        }
      }
      if (named !== bucket) return error(404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (key === '') return error(400, 'InvalidRequest', 'This server keeps objects only.');

      if (req.method === 'PUT') {
        const body = Buffer.concat(chunks);
        objects.set(key, { body, contentType: req.headers['content-type'], cacheControl: req.headers['cache-control'] });
        return answer(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const object = objects.get(key);
        if (!object) return error(404, 'NoSuchKey', 'The specified key does not exist.');
        return answer(
          200,
          { 'content-type': object.contentType ?? 'binary/octet-stream', 'content-length': String(object.body.length), ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}) },
          object.body,
        );
      }
      return error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    log,
    /** Sets what the next requests meet; 'none' restores normal service. */
    trouble(next: Trouble) {
      trouble = next;
    },
    reset() {
      objects.clear();
      log.length = 0;
      trouble = { kind: 'none' };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

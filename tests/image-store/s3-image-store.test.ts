import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PreparedImage } from '../../src/platform/image-store/image-store.js';
import { createS3ImageStore, immutableCacheControl, signS3Request, type S3ImageStoreOptions } from '../../src/platform/image-store/s3-image-store.js';
import { isWebp, preparedImage } from './fixtures.js';
import { emptySha256, startS3Server, verifySigV4, type ArrivedRequest, type S3TestServer } from './s3-server.js';

/**
 * AWS's published examples. The SigV4 test suite's get-vanilla
 * (https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html) and the S3 API
 * reference's GET Object and PUT Object (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
 */
const suite = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const s3Docs = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };
const s3DocsAt = new Date('2013-05-24T00:00:00Z');
const welcome = 'Welcome to Amazon S3.';
const welcomeSha256 = '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072';
const getObjectSignature = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41';
const putObjectSignature = '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd';

describe('signS3Request, against the S3 API reference', () => {
  it('signs its GET Object example (a ranged read of test.txt)', () => {
    const headers = signS3Request(
      { method: 'GET', url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'), headers: { Range: 'bytes=0-9' }, payloadSha256: emptySha256 },
      s3Docs,
      s3DocsAt,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${getObjectSignature}`,
    );
    expect(headers).toMatchObject({ 'x-amz-date': '20130524T000000Z', 'x-amz-content-sha256': emptySha256, range: 'bytes=0-9' });
    expect(headers).not.toHaveProperty('host');
  });

  it('signs its PUT Object example (a body, and a `$` in the key encoded once)', () => {
    const headers = signS3Request(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadSha256: welcomeSha256,
      },
      s3Docs,
      s3DocsAt,
    );
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=${putObjectSignature}`,
    );
  });
});

describe("the test server's verifier, against AWS's examples", () => {
  const arrived = (over: Partial<ArrivedRequest> & Pick<ArrivedRequest, 'headers'>): ArrivedRequest => ({ method: 'GET', target: '/', body: Buffer.alloc(0), ...over });

  it("accepts the SigV4 test suite's get-vanilla, with its canonical request and string to sign", () => {
    const vanilla = arrived({
      headers: {
        host: 'example.amazonaws.com',
        'x-amz-date': '20150830T123600Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
      },
    });
    const options = { secretFor: (id: string) => (id === suite.accessKeyId ? suite.secretAccessKey : undefined), service: 'service', region: 'us-east-1' };

    const verdict = verifySigV4(vanilla, options);
    expect(verdict).toMatchObject({ ok: true, accessKeyId: 'AKIDEXAMPLE' });
    expect(verdict.canonicalRequest).toBe(`GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n${emptySha256}`);
    expect(verdict.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    );

    // Anything signed that changes, or another secret, breaks it.
    expect(verifySigV4({ ...vanilla, headers: { ...vanilla.headers, host: 'example2.amazonaws.com' } }, options)).toMatchObject({ ok: false, status: 403, code: 'SignatureDoesNotMatch' });
    expect(verifySigV4({ ...vanilla, method: 'POST' }, options)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(verifySigV4({ ...vanilla, target: '/?a=b' }, options)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(verifySigV4(vanilla, { ...options, secretFor: () => 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEz' })).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(verifySigV4(vanilla, { ...options, secretFor: () => undefined })).toMatchObject({ ok: false, status: 403, code: 'InvalidAccessKeyId' });
    expect(verifySigV4(vanilla, { ...options, region: 'eu-west-1' })).toMatchObject({ ok: false, code: 'AuthorizationHeaderMalformed' });
    // The suite's date is years old: a server with a clock refuses it.
    expect(verifySigV4(vanilla, { ...options, now: new Date() })).toMatchObject({ ok: false, code: 'RequestTimeTooSkewed' });
  });

  const s3Options = { secretFor: (id: string) => (id === s3Docs.accessKeyId ? s3Docs.secretAccessKey : undefined), service: 's3', region: 'us-east-1' };

  it("accepts the S3 reference's GET Object", () => {
    const get = arrived({
      target: '/test.txt',
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': emptySha256,
        'x-amz-date': '20130524T000000Z',
        authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${getObjectSignature}`,
      },
    });
    const verdict = verifySigV4(get, s3Options);
    expect(verdict.ok).toBe(true);
    expect(verdict.stringToSign).toBe('AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    expect(verifySigV4({ ...get, headers: { ...get.headers, range: 'bytes=0-99' } }, s3Options)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });

  it("accepts the S3 reference's PUT Object, and refuses a body that is not the signed one", () => {
    const put = arrived({
      method: 'PUT',
      target: '/test%24file.text',
      body: Buffer.from(welcome),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-date': '20130524T000000Z',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': welcomeSha256,
        authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,Signature=${putObjectSignature}`,
      },
    });
    const verdict = verifySigV4(put, s3Options);
    expect(verdict.ok).toBe(true);
    expect(verdict.canonicalRequest?.split('\n').slice(0, 2)).toEqual(['PUT', '/test%24file.text']);
    expect(verdict.stringToSign).toBe('AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d');
    // The key as a client may send it, unencoded: S3 encodes it once either way.
    expect(verifySigV4({ ...put, target: '/test$file.text' }, s3Options).ok).toBe(true);

    expect(verifySigV4({ ...put, body: Buffer.from('Welcome to Amazon S4.') }, s3Options)).toMatchObject({ ok: false, status: 400, code: 'XAmzContentSHA256Mismatch' });
    const { 'x-amz-content-sha256': _dropped, ...unhashed } = put.headers;
    expect(verifySigV4({ ...put, headers: unhashed }, s3Options)).toMatchObject({ ok: false, code: 'AccessDenied' });
  });
});

const bucket = 'shop-images';
const accessKeyId = 'AKIATESTSHOPIMAGES01';
const secretAccessKey = 'tEsT/sEcReT+kEy/0123456789abcdefghijKLMN';
const publicUrl = 'https://cdn.shop.test/images';

let server: S3TestServer;
let image: PreparedImage;

beforeAll(async () => {
  server = await startS3Server({ bucket, accessKeyId, secretAccessKey });
  image = await preparedImage(1200, 800);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const s3Store = (over: Partial<S3ImageStoreOptions> = {}) =>
  createS3ImageStore({ endpoint: server.endpoint, region: 'us-east-1', bucket, accessKeyId, secretAccessKey, forcePathStyle: true, publicUrl, retryDelayMs: 5, ...over });

const names = (hash: string) => [`${hash}-480.webp`, `${hash}-960.webp`, `${hash}.webp`];

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

/** Neither the secret nor the key id, in the message or anywhere on the error. */
function expectNoCredentials(error: Error) {
  const whole = JSON.stringify(error, Object.getOwnPropertyNames(error));
  for (const credential of [secretAccessKey, accessKeyId]) {
    expect(error.message).not.toContain(credential);
    expect(whole).not.toContain(credential);
  }
}

/**
 * A fetch that sends every request to the test server whatever its host, keeping the Host header:
 * virtual-hosted names (`<bucket>.localhost`) do not resolve on this machine.
 */
function viaLoopback(port: number): typeof fetch {
  return (input, init) =>
    new Promise((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const headers = { ...(init?.headers as Record<string, string>), host: url.host };
      const outgoing = request({ host: '127.0.0.1', port, method: init?.method ?? 'GET', path: `${url.pathname}${url.search}`, headers, signal: init?.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })));
        res.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(init?.body ? Buffer.from(init.body as Uint8Array) : undefined);
    });
}

describe('S3 image store', () => {
  it('puts every copy under its content name, as WebP cached for good, the full picture last, and answers the public URL', async () => {
    const store = s3Store();
    const stored = await store.save(image);

    expect(store.kind).toBe('s3');
    expect(stored).toEqual({ url: `${publicUrl}/${image.hash}.webp` });
    expect(server.log.map((r) => [r.method, r.target, r.style, r.status])).toEqual(names(image.hash).map((name) => ['PUT', `/${bucket}/${name}`, 'path', 200]));
    expect([...server.objects.keys()].sort()).toEqual(names(image.hash).sort());
    for (const [name, bytes] of [
      [`${image.hash}.webp`, image.webp],
      ...image.variants.map((v) => [`${image.hash}-${v.width}.webp`, v.webp] as const),
    ] as const) {
      const object = server.objects.get(name)!;
      expect(object.body.equals(bytes)).toBe(true);
      expect(isWebp(object.body)).toBe(true);
      expect(object.contentType).toBe('image/webp');
      expect(object.cacheControl).toBe('public, max-age=31536000, immutable');
    }
    expect(immutableCacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('without a public URL, answers the bucket address, where the stored picture is served', async () => {
    const stored = await s3Store({ publicUrl: undefined }).save(image);
    expect(stored.url).toBe(`${server.endpoint}/${bucket}/${image.hash}.webp`);
    const served = await fetch(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(immutableCacheControl);
    expect(Buffer.from(await served.arrayBuffer()).equals(image.webp)).toBe(true);
    expect((await fetch(stored.url.replace('.webp', '-480.webp'))).status).toBe(200);
  });

  it('virtual-hosted style: the bucket is in the host name, the key is the whole path, and the host is signed', async () => {
    const endpoint = `http://localhost:${server.port}`;
    const stored = await s3Store({ endpoint, forcePathStyle: false, fetch: viaLoopback(server.port) }).save(image);

    expect(stored.url).toBe(`${publicUrl}/${image.hash}.webp`);
    expect(server.log.map((r) => [r.host, r.target, r.style, r.status])).toEqual(
      names(image.hash).map((name) => [`${bucket}.localhost:${server.port}`, `/${name}`, 'virtual-hosted', 200]),
    );
    expect([...server.objects.keys()].sort()).toEqual(names(image.hash).sort());
  });

  it('the same picture twice is still one object per name, with the same bytes', async () => {
    const store = s3Store();
    await store.save(image);
    const again = await store.save(image);
    expect(again.url).toBe(`${publicUrl}/${image.hash}.webp`);
    expect(server.objects.size).toBe(3);
    expect(server.objects.get(`${image.hash}.webp`)!.body.equals(image.webp)).toBe(true);
  });

  it('a wrong secret is refused by the server; the error names the refusal, not the credentials, and is not retried', async () => {
    const wrong = 'tEsT/sEcReT+kEy/0123456789abcdefghijKLMX';
    const error = await failure(s3Store({ secretAccessKey: wrong }).save(image));
    expect(error.message).toBe(
      `S3 upload of ${image.hash}-480.webp to ${bucket} failed: HTTP 403 SignatureDoesNotMatch (The request signature we calculated does not match the signature you provided. Check your key and signing method.)`,
    );
    expectNoCredentials(error);
    expect(error.message).not.toContain(wrong);
    expect(server.log.map((r) => r.status)).toEqual([403]);
    expect(server.objects.size).toBe(0);
  });

  it('an unknown access key id and a clock far off are refused too', async () => {
    const unknown = await failure(s3Store({ accessKeyId: 'AKIANOBODYKNOWSTHIS1' }).save(image));
    expect(unknown.message).toMatch(/HTTP 403 InvalidAccessKeyId/);
    expect(unknown.message).not.toContain('AKIANOBODYKNOWSTHIS1');

    const skewed = await failure(s3Store({ now: () => new Date(Date.now() - 20 * 60_000) }).save(image));
    expect(skewed.message).toMatch(/HTTP 403 RequestTimeTooSkewed/);
    expectNoCredentials(skewed);
    expect(server.objects.size).toBe(0);
  });

  it('a 5xx is retried, and the save succeeds when the service recovers', async () => {
    server.trouble({ kind: 'status', status: 503, times: 2 });
    const stored = await s3Store().save(image);
    expect(stored.url).toBe(`${publicUrl}/${image.hash}.webp`);
    expect(server.log.map((r) => r.status)).toEqual([503, 503, 200, 200, 200]);
    expect(server.objects.size).toBe(3);
  });

  it('a 5xx that lasts fails after a bounded number of tries, without the credentials', async () => {
    server.trouble({ kind: 'status', status: 500, times: 100 });
    const error = await failure(s3Store({ attempts: 4 }).save(image));
    expect(error.message).toBe(`S3 upload of ${image.hash}-480.webp to ${bucket} failed: HTTP 500 InternalError (We encountered an internal error. Please try again.) (after 4 tries)`);
    expectNoCredentials(error);
    expect(server.log).toHaveLength(4);
    // The full picture, the one URL the shop stores, was never put.
    expect(server.objects.has(`${image.hash}.webp`)).toBe(false);
  });

  it('a 4xx other than 429 is not retried', async () => {
    server.trouble({ kind: 'status', status: 403, times: 100 });
    const error = await failure(s3Store().save(image));
    expect(error.message).toMatch(/HTTP 403 AccessDenied \(Access Denied\)$/);
    expect(server.log).toHaveLength(1);
  });

  it('a server that never answers hits the timeout, which covers the whole save', async () => {
    server.trouble({ kind: 'hang' });
    const started = Date.now();
    const error = await failure(s3Store({ timeoutMs: 300 }).save(image));
    expect(error.message).toBe(`S3 upload of ${image.hash}-480.webp to ${bucket} failed: no answer within 300 ms`);
    expectNoCredentials(error);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a slow server within the timeout is waited for; past it, the save fails', async () => {
    server.trouble({ kind: 'slow', delayMs: 150 });
    expect((await s3Store({ timeoutMs: 5000 }).save(image)).url).toBe(`${publicUrl}/${image.hash}.webp`);
    server.reset();
    server.trouble({ kind: 'slow', delayMs: 150 });
    // Each answer comes in time, but not all three: the second or third put runs out.
    const error = await failure(s3Store({ timeoutMs: 350 }).save(image));
    expect(error.message).toMatch(/failed: no answer within 350 ms$/);
  });

  it('a refused connection is retried, then fails without the credentials', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(s3Store({ endpoint: `http://127.0.0.1:${port}`, attempts: 2 }).save(image));
    expect(error.message).toMatch(/^S3 upload of \S+ to shop-images failed: fetch failed: .*ECONNREFUSED.* \(after 2 tries\)$/);
    expectNoCredentials(error);
  });

  it('refuses settings that would leak or could not work', () => {
    const base = { endpoint: 'https://s3.eu-central-1.amazonaws.com', region: 'eu-central-1', bucket, accessKeyId, secretAccessKey };
    expect(() => createS3ImageStore(base)).not.toThrow();
    expect(() => createS3ImageStore({ ...base, endpoint: 'http://s3.eu-central-1.amazonaws.com' })).toThrow(/must use https/);
    expect(() => createS3ImageStore({ ...base, endpoint: 'https://s3.example.test/some/path' })).toThrow(/without a path/);
    expect(() => createS3ImageStore({ ...base, bucket: 'Shop_Images' })).toThrow(/bucket name/);
    expect(() => createS3ImageStore({ ...base, bucket: 'images.shop.example' })).toThrow(/path-style/);
    expect(() => createS3ImageStore({ ...base, bucket: 'images.shop.example', forcePathStyle: true })).not.toThrow();
    expect(() => createS3ImageStore({ ...base, publicUrl: 'http://cdn.shop.example' })).toThrow(/https/);
    expect(() => createS3ImageStore({ ...base, secretAccessKey: '' })).toThrow(/secret access key/);
  });
});

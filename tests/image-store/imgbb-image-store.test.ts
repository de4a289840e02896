import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createImgbbImageStore } from '../../src/platform/image-store/imgbb-image-store.js';
import type { PreparedImage } from '../../src/platform/image-store/image-store.js';
import { isWebp, preparedImage } from './fixtures.js';

const apiKey = 'k3y-0f-the-shop-5ecret';

type Mode = 'imgbb' | 'server-error' | 'not-json' | 'hang' | 'echo-key' | 'http-url' | 'no-display-url';
let mode: Mode = 'imgbb';
let received: { key: string | null; fields: string[]; image?: { type: string; bytes: Buffer } } | undefined;

/** Answers as api.imgbb.com/1/upload does (shapes from its documentation), or misbehaves per `mode`. */
async function fakeImgbb(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (mode === 'hang') return; // never answers

  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const key = url.searchParams.get('key');
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const form = await new Request(url, { method: req.method, headers, body: Buffer.concat(chunks) }).formData();
  const image = form.get('image');
  received = {
    key,
    fields: [...form.keys()],
    ...(image instanceof Blob ? { image: { type: image.type, bytes: Buffer.from(await image.arrayBuffer()) } } : {}),
  };

  if (mode === 'server-error') return json(500, { status_code: 500, error: { message: 'Upload failed', code: 0 }, status_txt: 'Internal Server Error' });
  if (mode === 'not-json') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end('<html><body>Service temporarily unavailable</body></html>');
  }
  if (mode === 'echo-key') {
    return json(400, { status_code: 400, error: { message: `Invalid API v1 key ${key} for ${req.url}`, code: 100 }, status_txt: 'Bad Request' });
  }
  if (req.method !== 'POST' || url.pathname !== '/1/upload') return json(404, { status_code: 404, error: { message: 'Not found' } });
  if (key !== apiKey) return json(400, { status_code: 400, error: { message: 'Invalid API v1 key.', code: 100 }, status_txt: 'Bad Request' });
  if (!(image instanceof Blob)) return json(400, { status_code: 400, error: { message: 'Empty upload source.', code: 130 }, status_txt: 'Bad Request' });

  const name = String(form.get('name') ?? 'image');
  const scheme = mode === 'http-url' ? 'http' : 'https';
  const data = {
    id: 'abc123',
    title: name,
    url_viewer: 'https://ibb.co/abc123',
    url: `${scheme}://i.ibb.co/abc/${name}.webp`,
    display_url: `${scheme}://i.ibb.co/abc/${name}.webp`,
    delete_url: 'https://ibb.co/abc123/deadbeef',
  };
  if (mode === 'no-display-url') return json(200, { data: { id: data.id }, success: true, status: 200 });
  return json(200, { data, success: true, status: 200 });
}

const server = createServer((req, res) => {
  fakeImgbb(req, res).catch((error: unknown) => {
    res.writeHead(599);
    res.end(String(error));
  });
});
let endpoint = '';
let image: PreparedImage;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/1/upload`;
  image = await preparedImage(1200, 800);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  mode = 'imgbb';
  received = undefined;
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('imgbb image store', () => {
  it('uploads the full WebP in the field `image` and answers the display URL', async () => {
    const store = createImgbbImageStore({ apiKey, endpoint });
    const stored = await store.save(image);

    expect(store.kind).toBe('imgbb');
    expect(stored).toEqual({ url: `https://i.ibb.co/abc/${image.hash}.webp` });
    expect(received?.key).toBe(apiKey);
    expect(received?.fields).toContain('image');
    expect(received?.image?.type).toBe('image/webp');
    expect(isWebp(received!.image!.bytes)).toBe(true);
    expect(received!.image!.bytes.equals(image.webp)).toBe(true);
    expect((await sharp(received!.image!.bytes).metadata()).width).toBe(1200);
  });

  it('a wrong key throws, and the message does not contain the key', async () => {
    const wrongKey = 'wrong-key-9d8f7e6a5b4c';
    const error = await failure(createImgbbImageStore({ apiKey: wrongKey, endpoint }).save(image));
    expect(received?.key).toBe(wrongKey);
    expect(error.message).toMatch(/400/);
    expect(error.message).toMatch(/Invalid API v1 key/);
    expect(error.message).not.toContain(wrongKey);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(wrongKey);
  });

  it('scrubs the key even when the server echoes it back with the URL', async () => {
    mode = 'echo-key';
    const odd = 'key with spaces&more=1';
    const error = await failure(createImgbbImageStore({ apiKey: odd, endpoint }).save(image));
    expect(received?.key).toBe(odd);
    expect(error.message).toContain('[api key]');
    for (const spelling of [odd, encodeURIComponent(odd), new URLSearchParams({ k: odd }).toString().slice(2)]) {
      expect(error.message).not.toContain(spelling);
    }
  });

  it('a 500 throws', async () => {
    mode = 'server-error';
    const error = await failure(createImgbbImageStore({ apiKey, endpoint }).save(image));
    expect(error.message).toMatch(/500/);
    expect(error.message).not.toContain(apiKey);
  });

  it('an answer that is not JSON throws', async () => {
    mode = 'not-json';
    const error = await failure(createImgbbImageStore({ apiKey, endpoint }).save(image));
    expect(error.message).toMatch(/unexpected answer/);
    expect(error.message).not.toContain(apiKey);
  });

  it('a success without display_url, or with a plain http one, throws', async () => {
    mode = 'no-display-url';
    await failure(createImgbbImageStore({ apiKey, endpoint }).save(image));
    mode = 'http-url';
    await failure(createImgbbImageStore({ apiKey, endpoint }).save(image));
  });

  it('a server that never answers hits the timeout', async () => {
    mode = 'hang';
    const started = Date.now();
    const error = await failure(createImgbbImageStore({ apiKey, endpoint, timeoutMs: 300 }).save(image));
    expect(error.message).toMatch(/no answer within 300 ms/);
    expect(error.message).not.toContain(apiKey);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a refused connection throws without the key', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(createImgbbImageStore({ apiKey, endpoint: `http://127.0.0.1:${port}/1/upload` }).save(image));
    expect(error.message).toMatch(/imgbb upload failed/);
    expect(error.message).not.toContain(apiKey);
  });

  it('uses the injected fetch, and never sends the key over plain http to another host', async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify({ data: { display_url: 'https://i.ibb.co/x/y.webp' }, success: true, status: 200 }), { status: 200 });
    };
    const store = createImgbbImageStore({ apiKey, fetch: fakeFetch });
    expect(await store.save(image)).toEqual({ url: 'https://i.ibb.co/x/y.webp' });
    expect(calls).toEqual([`https://api.imgbb.com/1/upload?key=${apiKey}`]);

    expect(() => createImgbbImageStore({ apiKey, endpoint: 'http://api.imgbb.com/1/upload', fetch: fakeFetch })).toThrow(/https/);
    expect(() => createImgbbImageStore({ apiKey: '', fetch: fakeFetch })).toThrow();
  });
});

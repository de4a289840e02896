import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startS3Server, type S3TestServer } from './s3-server.js';

const bucket = 'shop-images';
const accessKeyId = 'AKIATESTSHOPAPI00001';
const secretAccessKey = 'api/Test+Secret/0123456789abcdefghijklmn';
const publicUrl = 'https://images.shop.test/catalogue';

let server: S3TestServer;
let t: TestApp | undefined;
beforeAll(async () => {
  server = await startS3Server({ bucket, accessKeyId, secretAccessKey, region: 'eu-central-1' });
});
afterAll(() => server.close());
afterEach(async () => {
  await t?.close();
  t = undefined;
  server.reset();
});

/** The shop as createShop builds it from these settings: the S3 store is chosen by shop.ts, not handed in. */
const shopWithS3 = (over: Record<string, string> = {}) =>
  createTestApp({
    env: {
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'eu-central-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_PUBLIC_URL: publicUrl,
      S3_FORCE_PATH_STYLE: 'true',
      ...over,
    },
  });

async function upload(app: TestApp, token: string) {
  const form = new FormData();
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a2f8f' } }).png().toBuffer();
  form.append('image', new Blob([new Uint8Array(png)]), 'photo.png');
  return app.app.request('/api/images', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
}

describe('POST /api/images with the S3 settings', () => {
  it('stores the picture and its copies in the bucket, answers the public URL, and a product may use it', async () => {
    t = await shopWithS3();
    const admin = (await adminSession(t)).token;

    const res = await upload(t, admin);
    expect(res.status).toBe(201);
    const url = (await json(res)).data.display_url as string;
    const hash = /^https:\/\/images\.shop\.test\/catalogue\/([0-9a-f]{64})\.webp$/.exec(url)?.[1];
    expect(hash).toBeDefined();

    expect([...server.objects.keys()].sort()).toEqual([`${hash}-480.webp`, `${hash}-960.webp`, `${hash}.webp`]);
    const full = server.objects.get(`${hash}.webp`)!;
    expect(full.contentType).toBe('image/webp');
    expect(full.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(await sharp(full.body).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(server.log.every((r) => r.method === 'PUT' && r.style === 'path' && r.status === 200)).toBe(true);
    // Nothing was kept on this machine.
    expect(readdirSync(t.uploadsDir)).toEqual([]);

    expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
    const product = { title: 'Silver Fox Figure', description: 'A fox of silver.', category: 'Figures', price: 2500, sizes: [], colors: [], images: [url] };
    const created = await call(t, 'POST', '/api/products', { token: admin, body: product });
    expect(created.status).toBe(201);
    expect((await json(await call(t, 'GET', `/api/products/${(await json(created)).insertedId}`))).images).toEqual([url]);
  });

  it('a bucket that refuses the key answers 502 images/store-failed, and the log carries no secret', async () => {
    const wrongSecret = 'api/Wrong+Secret/0123456789abcdefghijklmn';
    t = await shopWithS3({ S3_SECRET_ACCESS_KEY: wrongSecret });
    const admin = (await adminSession(t)).token;

    const res = await upload(t, admin);
    expect(res.status).toBe(502);
    expect((await json(res)).error).toEqual({ code: 'images/store-failed', message: 'The image could not be stored right now. Please try again.' });
    expect(server.log.map((r) => r.status)).toEqual([403]);
    expect(server.objects.size).toBe(0);

    const logged = t.logger.lines.join('\n');
    expect(logged).toMatch(/image store failed/);
    expect(logged).toMatch(/SignatureDoesNotMatch/);
    for (const credential of [wrongSecret, accessKeyId]) expect(logged).not.toContain(credential);
  });
});

import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSession, call, json, signUpCustomer } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let customer: string;
beforeEach(async () => {
  t = await createTestApp();
  await t.seedDemo();
  admin = (await adminSession(t)).token;
  customer = (await signUpCustomer(t, 'Rina', 'rina@example.com')).token;
});
afterEach(() => t.close());

const product = (over: Record<string, unknown> = {}) => ({
  title: 'Silver Fox Figure',
  description: 'A fox of silver.',
  category: 'Figures',
  price: 2500,
  sizes: ['1/7 scale'],
  colors: ['Silver'],
  images: ['https://i.ibb.co/abc/fox.webp'],
  ...over,
});
const addProduct = (body: unknown, token = admin) => call(t, 'POST', '/api/products', { token, body });

describe('categories', () => {
  it('POST: admin only; trimmed, required, unique ignoring case', async () => {
    expect((await call(t, 'POST', '/api/categories', { body: { category: 'Badges' } })).status).toBe(401);
    expect((await call(t, 'POST', '/api/categories', { token: customer, body: { category: 'Badges' } })).status).toBe(403);
    const created = await call(t, 'POST', '/api/categories', { token: admin, body: { category: '  Badges ' } });
    expect(created.status).toBe(201);
    expect((await json(created)).insertedId).toMatch(/^[0-9a-f]{24}$/);
    const list = await json(await call(t, 'GET', '/api/categories'));
    expect(list[0]).toEqual({ _id: expect.any(String), category: 'Badges' });

    for (const name of ['badges', ' BADGES', 'figures']) {
      const dup = await call(t, 'POST', '/api/categories', { token: admin, body: { category: name } });
      expect(dup.status, name).toBe(409);
      expect((await json(dup)).error.code).toBe('catalogue/category-exists');
    }
    for (const body of [{ category: '   ' }, {}, { category: 42 }]) {
      const bad = await call(t, 'POST', '/api/categories', { token: admin, body });
      expect(bad.status).toBe(400);
      expect((await json(bad)).error.code).toBe('http/validation');
    }
  });
});

describe('GET /api/products', () => {
  it('lists every product newest first, in the spec’s shape', async () => {
    const res = await call(t, 'GET', '/api/products');
    expect(res.status).toBe(200);
    const list = await json(res);
    expect(list).toHaveLength(40);
    expect(res.headers.get('x-total-count')).toBe('40');
    const times = list.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The spec's fields, and (issues 18, 33) the Bengali ones the newest demo product has.
    expect(Object.keys(list[0]).sort()).toEqual(['_id', 'category', 'categoryBn', 'colors', 'colorsBn', 'createdAt', 'description', 'descriptionBn', 'images', 'price', 'sizes', 'sizesBn', 'title', 'titleBn', 'variants']);

    t.time.advance(1000);
    const { insertedId } = await json(await addProduct(product()));
    expect((await json(await call(t, 'GET', '/api/products')))[0]._id).toBe(insertedId);
  });

  it('filters by category (any case) and title, pages with limit and offset', async () => {
    const figures = await json(await call(t, 'GET', '/api/products?category=figures'));
    expect(figures).toHaveLength(7);
    expect(figures.every((p: { category: string }) => p.category === 'Figures')).toBe(true);
    expect(await json(await call(t, 'GET', '/api/products?category=Nothing'))).toEqual([]);

    // Full text over title, category and description (issue 15): the titles that say it rank first.
    const plush = await json(await call(t, 'GET', '/api/products?q=PLUSH'));
    expect(plush.slice(0, 3).map((p: { title: string }) => p.title).sort()).toEqual(['Chibi Dragon Plush', 'Ninja Cat Plush', 'Sleepy Spirit Fox Plush']);
    expect(plush.slice(3).every((p: { category: string }) => p.category === 'Plush')).toBe(true);
    // LIKE wildcards in q are taken literally.
    expect(await json(await call(t, 'GET', '/api/products?q=%25'))).toEqual([]);
    expect(await json(await call(t, 'GET', '/api/products?q=_'))).toEqual([]);

    const all = await json(await call(t, 'GET', '/api/products'));
    const page = await call(t, 'GET', '/api/products?limit=5&offset=10');
    expect((await json(page)).map((p: { _id: string }) => p._id)).toEqual(all.slice(10, 15).map((p: { _id: string }) => p._id));
    expect(page.headers.get('x-total-count')).toBe('40');
    for (const q of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1', 'limit=1.5', 'offset=1000001']) {
      const bad = await call(t, 'GET', `/api/products?${q}`);
      expect(bad.status, q).toBe(400);
      expect((await json(bad)).error.code).toBe('http/validation');
    }
  });

  it('GET /api/products/:id answers the product, or 404 with a code', async () => {
    const [first] = await json(await call(t, 'GET', '/api/products'));
    expect(await json(await call(t, 'GET', `/api/products/${first._id}`))).toEqual(first);
    for (const id of ['0123456789abcdef01234567', 'nope', '%00']) {
      const res = await call(t, 'GET', `/api/products/${id}`);
      expect(res.status, id).toBe(404);
      expect((await json(res)).error.code).toBe('catalogue/product-not-found');
    }
  });
});

describe('POST /api/products', () => {
  it('admin only', async () => {
    expect((await call(t, 'POST', '/api/products', { body: product() })).status).toBe(401);
    expect((await addProduct(product(), customer)).status).toBe(403);
    expect((await addProduct(product())).status).toBe(201);
  });

  it('stores only the fields of the API, cleaned', async () => {
    const res = await addProduct(
      product({ _id: 'abc', createdAt: '1999-01-01', rating: 5, sizes: [' S ', '', 'M', '  '], colors: [' Red', 'Blue '], title: '  Fox  ' }),
    );
    const { insertedId } = await json(res);
    const stored = await json(await call(t, 'GET', `/api/products/${insertedId}`));
    expect(stored).toMatchObject({ _id: insertedId, title: 'Fox', sizes: ['S', 'M'], colors: ['Red', 'Blue'] });
    expect(stored).not.toHaveProperty('rating');
    expect(Date.parse(stored.createdAt)).toBeGreaterThan(Date.parse('2020-01-01'));
  });

  it.each([
    ['no title', { title: undefined }, 'title'],
    ['a blank title', { title: '   ' }, 'title'],
    ['no category', { category: undefined }, 'category'],
    ['price 0', { price: 0 }, 'price'],
    ['a negative price', { price: -5 }, 'price'],
    ['a fractional price', { price: 99.5 }, 'price'],
    ['a price as text', { price: '100' }, 'price'],
    ['an absurd price', { price: 1e12 }, 'price'],
    ['no image', { images: [] }, 'images'],
    ['four images', { images: ['https://a.test/1', 'https://a.test/2', 'https://a.test/3', 'https://a.test/4'] }, 'images'],
    ['a javascript: image', { images: ['javascript:alert(1)'] }, 'images.0'],
    ['an http image', { images: ['http://insecure.test/x.png'] }, 'images.0'],
    ['sizes not a list', { sizes: 'S, M' }, 'sizes'],
    ['a size that is not text', { sizes: [1] }, 'sizes.0'],
  ])('refuses %s, naming the field', async (_name, over, path) => {
    const res = await addProduct(product(over));
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.code).toBe('http/validation');
    expect(error.issues[0].path).toBe(path);
  });

  it('refuses a category that does not exist', async () => {
    const res = await addProduct(product({ category: 'Spaceships' }));
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('catalogue/unknown-category');
  });

  it('accepts a category in any case and an uploaded image path', async () => {
    const res = await addProduct(product({ category: 'trading cards', images: ['/uploads/abc.webp', 'https://i.ibb.co/x/y.webp'] }));
    const stored = await json(await call(t, 'GET', `/api/products/${(await json(res)).insertedId}`));
    expect(stored.category).toBe('Trading Cards');
    expect(stored.images).toEqual(['/uploads/abc.webp', 'https://i.ibb.co/x/y.webp']);
  });
});

describe('PATCH and DELETE /api/products/:id', () => {
  it('replaces a product, admin only; 404 for an unknown one', async () => {
    const { insertedId } = await json(await addProduct(product()));
    const patch = (body: unknown, token?: string, id = insertedId) => call(t, 'PATCH', `/api/products/${id}`, { token, body });
    expect((await patch(product({ price: 3000 }))).status).toBe(401);
    expect((await patch(product({ price: 3000 }), customer)).status).toBe(403);
    expect(await json(await patch(product({ price: 3000, category: 'Plush', images: ['https://i.ibb.co/n/new.webp'] }), admin))).toEqual({ modifiedCount: 1 });
    expect(await json(await call(t, 'GET', `/api/products/${insertedId}`))).toMatchObject({ price: 3000, category: 'Plush', images: ['https://i.ibb.co/n/new.webp'] });
    expect((await patch(product({ price: -1 }), admin)).status).toBe(400);
    expect((await patch(product(), admin, '0123456789abcdef01234567')).status).toBe(404);
  });

  it('a PATCH that changes the sizes or colors without their Bengali names keeps each name with its label (issue 33)', async () => {
    const { insertedId } = await json(await addProduct(product({ sizes: ['S', 'M'], colors: ['Red', 'Blue'], sizesBn: ['ছোট', 'মাঝারি'], colorsBn: ['লাল', ''] })));
    const patch = (body: unknown) => call(t, 'PATCH', `/api/products/${insertedId}`, { token: admin, body });
    // An older client: sizes reordered and one added, a color removed, no Bengali names sent.
    expect((await patch(product({ sizes: ['M', 'L', 'S'], colors: ['Blue'] }))).status).toBe(200);
    const after = await json(await call(t, 'GET', `/api/products/${insertedId}`));
    expect(after.sizesBn).toEqual(['মাঝারি', '', 'ছোট']);
    // Blue never had one: none left.
    expect(after.colorsBn ?? null).toBeNull();
  });

  it('deletes a product, admin only; 404 the second time', async () => {
    const { insertedId } = await json(await addProduct(product()));
    expect((await call(t, 'DELETE', `/api/products/${insertedId}`)).status).toBe(401);
    expect((await call(t, 'DELETE', `/api/products/${insertedId}`, { token: customer })).status).toBe(403);
    expect(await json(await call(t, 'DELETE', `/api/products/${insertedId}`, { token: admin }))).toEqual({ deletedCount: 1 });
    expect((await call(t, 'DELETE', `/api/products/${insertedId}`, { token: admin })).status).toBe(404);
    expect((await call(t, 'GET', `/api/products/${insertedId}`)).status).toBe(404);
  });
});

describe('ETag', () => {
  it('answers 304 for an unchanged list, and a new tag after any catalogue write', async () => {
    for (const path of ['/api/products', '/api/products?category=Figures', '/api/categories']) {
      const first = await call(t, 'GET', path);
      const etag = first.headers.get('etag') ?? '';
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await call(t, 'GET', path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
    }
    const before = (await call(t, 'GET', '/api/products')).headers.get('etag') ?? '';
    await addProduct(product());
    const after = await call(t, 'GET', '/api/products', { headers: { 'if-none-match': before } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);

    // A refused write changes nothing.
    const tag = after.headers.get('etag') ?? '';
    await addProduct(product({ price: -1 }));
    expect((await call(t, 'GET', '/api/products', { headers: { 'if-none-match': tag } })).status).toBe(304);
  });
});

describe('sliders', () => {
  it('lists newest first; admin adds and deletes', async () => {
    expect(await json(await call(t, 'GET', '/api/sliders'))).toEqual([]);
    const add = (image: unknown, token?: string) => call(t, 'POST', '/api/sliders', { token, body: { image } });
    expect((await add('https://i.ibb.co/b/1.webp')).status).toBe(401);
    expect((await add('https://i.ibb.co/b/1.webp', customer)).status).toBe(403);
    const first = await json(await add('https://i.ibb.co/b/1.webp', admin));
    t.time.advance(1000);
    const second = await json(await add('/uploads/banner.webp', admin));
    expect(await json(await call(t, 'GET', '/api/sliders'))).toEqual([
      // Issue 33: a banner added without them has no link and no alt texts.
      { _id: second.insertedId, image: '/uploads/banner.webp', link: null, altEn: null, altBn: null },
      { _id: first.insertedId, image: 'https://i.ibb.co/b/1.webp', link: null, altEn: null, altBn: null },
    ]);
    for (const bad of ['', 'javascript:alert(1)', 42, null]) expect((await add(bad, admin)).status).toBe(400);

    expect((await call(t, 'DELETE', `/api/sliders/${first.insertedId}`, { token: customer })).status).toBe(403);
    expect(await json(await call(t, 'DELETE', `/api/sliders/${first.insertedId}`, { token: admin }))).toEqual({ deletedCount: 1 });
    const again = await call(t, 'DELETE', `/api/sliders/${first.insertedId}`, { token: admin });
    expect(again.status).toBe(404);
    expect((await json(again)).error.code).toBe('promotions/slider-not-found');
  });
});

describe('POST /api/images', () => {
  const upload = (bytes: Uint8Array | string, name = 'photo.png', token: string | null = admin, field = 'image') => {
    const form = new FormData();
    form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    return t.app.request('/api/images', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  const png = () => sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a2f8f' } }).png().toBuffer();
  const stored = () => {
    try {
      return readdirSync(t.uploadsDir);
    } catch {
      return [];
    }
  };

  it('stores an image as WebP and serves it, cached for good', async () => {
    expect((await upload(await png(), 'a.png', null)).status).toBe(401);
    expect((await upload(await png(), 'a.png', customer)).status).toBe(403);
    const res = await upload(await png());
    expect(res.status).toBe(201);
    const url = (await json(res)).data.display_url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    const image = await t.app.request(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect((await t.app.request(url.replace('.webp', '-480.webp'))).status).toBe(200);
    expect((await t.app.request('/uploads/../shop.db')).status).toBe(404);
    expect((await t.app.request('/uploads/secrets.json')).status).toBe(404);
  });

  it.each([
    ['not an image', () => Promise.resolve(new TextEncoder().encode('just some text')), 'notes.png', 415, 'images/unsupported-type'],
    ['HTML named .png', () => Promise.resolve(new TextEncoder().encode('<html><script>alert(1)</script></html>')), 'cute.png', 415, 'images/unsupported-type'],
    ['an SVG with a script', () => Promise.resolve(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 'x.svg', 415, 'images/unsupported-type'],
    [
      'a PNG signature followed by HTML',
      () => Promise.resolve(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode('<html><script>alert(1)</script>')])),
      'poly.png',
      400,
      'images/unreadable',
    ],
    ['zero bytes', () => Promise.resolve(new Uint8Array(0)), 'empty.png', 400, 'images/missing-file'],
    ['more than 5 MB', () => Promise.resolve(new Uint8Array(6 * 1024 * 1024).fill(7)), 'big.png', 413, 'images/too-large'],
  ])('refuses %s with a clear 4xx, and writes nothing', async (_name, make, filename, status, code) => {
    const res = await upload(await make(), filename);
    expect(res.status).toBe(status);
    expect((await json(res)).error.code).toBe(code);
    expect(stored()).toEqual([]);
  });

  it('re-encodes a polyglot (a real PNG with a script appended): only pixels are kept', async () => {
    const poly = Buffer.concat([await png(), Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload(poly, 'poly.png');
    expect(res.status).toBe(201);
    const url = (await json(res)).data.display_url as string;
    const served = Buffer.from(await (await t.app.request(url)).arrayBuffer());
    expect(served.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(served.includes('<script')).toBe(false);
    for (const name of stored()) expect(name).toMatch(/^[0-9a-f]{64}(-480|-960)?\.webp$/);
  });

  it.each(['../../shop.db', '..\\..\\evil.png', '/etc/passwd.png', 'a/b/c.png', '.htaccess', 'x.png\u0000.html'])(
    'ignores a path-like file name (%s): the file is named by its content, inside the uploads folder',
    async (name) => {
      const res = await upload(await png(), name);
      expect(res.status).toBe(201);
      expect((await json(res)).data.display_url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
      const names = stored();
      expect(names).toHaveLength(3);
      for (const n of names) expect(n).toMatch(/^[0-9a-f]{64}(-480|-960)?\.webp$/);
      for (const n of readdirSync(join(t.uploadsDir, '..'))) expect(n).toMatch(/^(shop\.db(-wal|-shm)?|uploads)$/);
    },
  );

  it('refuses a form without the image field, and a JSON body', async () => {
    const wrongField = await upload(await png(), 'a.png', admin, 'picture');
    expect(wrongField.status).toBe(400);
    expect((await json(wrongField)).error.code).toBe('images/missing-file');
    const asJson = await call(t, 'POST', '/api/images', { token: admin, body: { image: 'https://x.test/a.png' } });
    expect(asJson.status).toBe(400);
    expect(stored()).toEqual([]);
  });
});

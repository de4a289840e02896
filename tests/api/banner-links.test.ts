import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStockedProduct, adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 33: a banner links to a category or a product (or nothing) and has alt texts in English and
// Bengali. The target must exist when the banner is added (a 4xx otherwise); once deleted, the
// banner stays on the home page without its link. Runs on SQLite and on PostgreSQL.
let t: TestApp;
let admin: string;
let figure = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  figure = await addStockedProduct(t, admin);
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>) => call(t, 'POST', '/api/sliders', { token: admin, body: { image: 'https://img.test/banner.webp', ...body } });
const banners = async () => (await json(await call(t, 'GET', '/api/sliders'))) as Array<Record<string, unknown>>;

describe('banner links and alt texts', () => {
  it('stores a link to a category or a product and both alt texts', async () => {
    const toCategory = await add({ link: { kind: 'category', target: 'figures' }, altEn: 'Scale figures on sale', altBn: 'স্কেল ফিগারে ছাড়' });
    expect(toCategory.status).toBe(201);
    const toProduct = await add({ link: { kind: 'product', target: figure }, altEn: 'The Kitsune Figure', altBn: 'কিটসুনে ফিগার' });
    expect(toProduct.status).toBe(201);
    const list = await banners();
    expect(list.find((b) => b._id === (toCategory as unknown as { _id: string })._id)).toBeUndefined();
    // A category is kept by its name as the catalogue has it.
    expect(list).toContainEqual(expect.objectContaining({ link: { kind: 'category', target: 'Figures' }, altEn: 'Scale figures on sale', altBn: 'স্কেল ফিগারে ছাড়' }));
    expect(list).toContainEqual(expect.objectContaining({ link: { kind: 'product', target: figure }, altEn: 'The Kitsune Figure', altBn: 'কিটসুনে ফিগার' }));
  });

  it('a banner without a link still works (the spec\'s body)', async () => {
    expect((await add({})).status).toBe(201);
    expect((await banners()).some((b) => b.link === null && b.altEn === null)).toBe(true);
  });

  it('refuses a link to a target that does not exist', async () => {
    for (const link of [{ kind: 'category', target: 'No Such Category' }, { kind: 'product', target: 'nosuchproduct0000000000' }]) {
      const res = await add({ link, altEn: 'x', altBn: 'x' });
      expect(res.status, JSON.stringify(link)).toBe(422);
      expect((await json(res)).error.code).toBe('promotions/link-target-not-found');
    }
    expect((await add({ link: { kind: 'page', target: 'x' } })).status).toBe(400);
  });

  it('a deleted target leaves its banner without a link', async () => {
    const before = await call(t, 'GET', '/api/sliders');
    const etag = before.headers.get('etag') ?? '';
    expect((await call(t, 'DELETE', `/api/products/${figure}`, { token: admin })).status).toBe(200);
    // The answer changed: the old ETag gets no 304.
    const after = await call(t, 'GET', '/api/sliders', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    const list = (await json(after)) as Array<Record<string, unknown>>;
    const productBanner = list.find((b) => b.altEn === 'The Kitsune Figure');
    expect(productBanner).toMatchObject({ link: null });
  });
});

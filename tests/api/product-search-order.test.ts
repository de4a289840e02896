import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 20: a search and nothing else is ranked (or sorted newest first) and paged in the search
// index alone (SQLite: the FTS5 table with each product's created_at; PostgreSQL: the same query as
// before, counted without the join), and the plain list reads a page's ids from its index before
// the rows. Their pages and totals must be the ones the general query gives (any other filter,
// here minPrice=1, which every product passes, takes that path): relevance, then newest first,
// then the id, ties included.
let t: TestApp;
let admin: string;
type Product = { _id: string; title: string; createdAt: string };
const list = async (query: string) => {
  const res = await call(t, 'GET', `/api/products?${query}`);
  expect(res.status, query).toBe(200);
  return { ids: ((await json(res)) as Product[]).map((p) => p._id), total: Number(res.headers.get('x-total-count')) };
};
const body = (title: string, description: string) => ({ title, description, category: 'Quokka Goods', price: 500, sizes: [], colors: [], images: ['https://img.test/q.webp'] });

/** Every page of `q` (limits and offsets, past the end too) by both paths; no `q`: the plain list. */
async function expectSameOrder(q?: string) {
  const search = q === undefined ? '' : `q=${q}&`;
  const all = await list(`${search}limit=200`);
  expect(all).toEqual(await list(`${search}minPrice=1&limit=200`));
  for (const limit of [1, 5, 7]) {
    for (const offset of [0, 3, 10, 29, 100]) {
      const page = await list(`${search}limit=${limit}&offset=${offset}`);
      expect(page, `limit ${limit} offset ${offset}`).toEqual(await list(`${search}minPrice=1&limit=${limit}&offset=${offset}`));
      expect(page.ids).toEqual(all.ids.slice(offset, offset + limit));
    }
  }
  return all;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t)).token;
  expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Quokka Goods' } })).status).toBe(201);
  // Three ranks (both words in the title twice, in the title, one only in the description), many
  // products in each with the same bm25 / ts_rank (titles and descriptions of the same length), and
  // groups of products created in the same millisecond (ordered by id).
  for (let i = 0; i < 36; i++) {
    const title = i % 9 === 0 ? `Zebu Quokka Zebu Quokka ${i}` : i % 3 === 0 ? `Plain Quokka Mug ${i}` : `Zebu Quokka Mug ${i}`;
    const description = i % 3 === 0 ? `A zebu mug number ${i}.` : `A plain mug number ${i}.`;
    expect((await call(t, 'POST', '/api/products', { token: admin, body: body(title, description) })).status).toBe(201);
    if (i % 4 === 3) t.time.advance(1000);
  }
  // Another product in the catalogue that does not match.
  expect((await call(t, 'POST', '/api/products', { token: admin, body: body('Wombat Cup', 'No match here.') })).status).toBe(201);
});
afterAll(() => t.close());

describe('a search alone and the plain list page as the general query does', () => {
  it('with ties in rank and in creation time', async () => {
    const all = await expectSameOrder('quokka%20zebu');
    expect(all.total).toBe(36);
    const products = (await json(await call(t, 'GET', '/api/products?q=quokka%20zebu&limit=200'))) as Product[];
    // Ties in creation time are there to be ordered.
    expect(new Set(products.map((p) => p.createdAt)).size).toBeLessThan(products.length);
    // The title counts more than the description.
    expect(products.slice(0, 4).every((p) => p.title.startsWith('Zebu Quokka Zebu'))).toBe(true);
    expect(products.at(-1)?.title).toMatch(/^Plain Quokka Mug/);
    await expectSameOrder('zeb');
    await expectSameOrder('quokka');
    // Newest first with words: also from the search index alone on SQLite.
    const newest = await expectSameOrder('quokka%20zebu&sort=newest');
    expect(newest.ids).not.toEqual(all.ids);
    expect(newest.ids.toSorted()).toEqual(all.ids.toSorted());
    expect((await expectSameOrder()).total).toBe(37);
    expect(await list('q=wombat%20zebu')).toEqual({ ids: [], total: 0 });
  });

  it('after products are changed and deleted', async () => {
    const { ids } = await list('q=quokka%20zebu&limit=200');
    // An old product's title changes (its creation time does not): it keeps its place among its ties.
    const changed = ids.at(-2)!;
    expect((await call(t, 'PATCH', `/api/products/${changed}`, { token: admin, body: body('Zebu Quokka Mug 99', 'A plain mug number 99.') })).status).toBe(200);
    expect((await call(t, 'DELETE', `/api/products/${ids[5]}`, { token: admin })).status).toBe(200);
    const after = await expectSameOrder('quokka%20zebu');
    expect(after.total).toBe(35);
    expect(after.ids).not.toContain(ids[5]);
    expect((await expectSameOrder()).total).toBe(36);
  });
});

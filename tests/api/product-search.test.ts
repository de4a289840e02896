import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 15: GET /api/products searches, filters, sorts and pages; bad values are 400s. One shop for
// the file: every test here only reads the demo catalogue (plus what beforeAll adds).
let t: TestApp;
type Product = { _id: string; title: string; category: string; price: number; variants: Array<{ size: string; color: string; stock: number }> };
const list = async (query: string) => {
  const res = await call(t, 'GET', `/api/products?${query}`);
  expect(res.status, query).toBe(200);
  return { items: (await json(res)) as Product[], total: Number(res.headers.get('x-total-count')) };
};
const titles = async (query: string) => (await list(query)).items.map((p) => p.title);

beforeAll(async () => {
  t = await createTestApp();
  await t.seedDemo();
  const admin = (await adminSession(t)).token;
  t.time.advance(1000);
  const res = await call(t, 'POST', '/api/products', {
    token: admin,
    body: { title: 'ড্রাগন কার্ড বক্স', description: 'বাংলা বর্ণনা: Pokémon style dragon cards', category: 'Trading Cards', price: 777, sizes: [], colors: [], images: ['https://img.test/bn.webp'] },
  });
  expect(res.status).toBe(201);
});
afterAll(() => t.close());

describe('GET /api/products?q=', () => {
  it('finds words in titles, categories and descriptions, each as a prefix, every word required, titles first', async () => {
    const dragon = await titles('q=dragon');
    // Titles that say it rank before descriptions and categories that do.
    expect(dragon.slice(0, 3).sort()).toEqual(['Chibi Dragon Plush', 'Dragon Shrine Triptych Set', 'Dragon Tamer Prize Figure']);
    expect(dragon).toContain('ড্রাগন কার্ড বক্স'); // its description says dragon
    expect(await titles('q=drag')).toEqual(dragon);
    expect(await titles('q=DRAGON%20tamer')).toEqual(['Dragon Tamer Prize Figure']);
    expect(await titles('q=tamer%20dragon')).toEqual(['Dragon Tamer Prize Figure']);
    // A category's name is searched too.
    expect((await list('q=keychains')).items.every((p) => p.category === 'Keychains')).toBe(true);
    expect((await list('q=keychains')).total).toBe(7);
  });

  it('finds Bengali words by prefix, and Latin words without their accents', async () => {
    // The test's product, and the demo's dragons by their Bengali titles (issue 33: every demo product has one).
    expect((await titles('q=ড্রাগ')).sort()).toEqual(['Chibi Dragon Plush', 'Dragon Shrine Triptych Set', 'Dragon Tamer Prize Figure', 'ড্রাগন কার্ড বক্স']);
    expect(await titles('q=বাংলা')).toEqual(['ড্রাগন কার্ড বক্স']);
    expect(await titles('q=pokemon')).toEqual(['ড্রাগন কার্ড বক্স']);
    expect(await titles('q=POKÉMON')).toEqual(['ড্রাগন কার্ড বক্স']);
  });

  it('answers an empty list for no match, or for words that are only punctuation; a blank q lists everything', async () => {
    expect(await list('q=zzqq')).toEqual({ items: [], total: 0 });
    expect(await list(`q=${encodeURIComponent('"*" -() :: \'')}`)).toEqual({ items: [], total: 0 });
    expect((await list('q=%20%20')).total).toBe(41);
  });
});

describe('filters, sorts and pages', () => {
  it('filters by price range, category and stock, with the total of all pages', async () => {
    const { items, total } = await list('minPrice=1000&maxPrice=1500&limit=3');
    expect(items).toHaveLength(3);
    expect(total).toBe((await list('minPrice=1000&maxPrice=1500&limit=200')).items.length);
    expect((await list('minPrice=1000&maxPrice=1500&limit=200')).items.every((p) => p.price >= 1000 && p.price <= 1500)).toBe(true);
    const plushUnder1500 = await titles('category=plush&maxPrice=1500&sort=price_asc');
    expect(plushUnder1500).toEqual(['Onigiri Cushion', 'Ninja Cat Plush', 'Chibi Dragon Plush', 'Sleepy Spirit Fox Plush']);
    // The Giant Slime Cushion is sold out in every color.
    expect(await titles('category=Plush&inStock=false&q=slime')).toEqual(['Giant Slime Cushion']);
    expect(await titles('category=Plush&inStock=true&q=slime')).toEqual([]);
    expect((await list('inStock=true&limit=200')).total).toBe(40);
    const low = await list('lowStock=true&limit=200');
    expect(low.items.map((p) => p.title).sort()).toEqual(
      ['Celestial Rare Single: Aurora Phoenix', 'Chibi Dragon Plush', 'Dragon Tamer Prize Figure', 'Giant Slime Cushion', 'Mecha Pilot Bomber Jacket', 'Metal Shuriken Keychain', 'Spirit Duel Booster Box (24 packs)'].sort(),
    );
  });

  it('sorts by price either way, newest by default, and by relevance by default with q', async () => {
    const asc = (await list('sort=price_asc&limit=200')).items.map((p) => p.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('sort=price_desc&limit=200')).items.map((p) => p.price);
    expect(desc).toEqual([...asc].reverse());
    expect((await list('limit=1')).items[0]?.title).toBe('ড্রাগন কার্ড বক্স');
    expect(await titles('q=dragon&sort=price_desc&limit=3')).toEqual(['Dragon Tamer Prize Figure', 'Dragon Shrine Triptych Set', 'Chibi Dragon Plush']);
    const pageTwo = await titles('sort=price_asc&limit=5&offset=5');
    expect(pageTwo).toEqual((await titles('sort=price_asc&limit=10')).slice(5));
  });

  it('related=<id> leaves the product out and lists its category first', async () => {
    const [figure] = (await list('q=starlight%20ronin')).items;
    const related = await list(`related=${figure?._id}&limit=200`);
    expect(related.total).toBe(40);
    expect(related.items.map((p) => p._id)).not.toContain(figure?._id);
    expect(related.items.slice(0, 6).every((p) => p.category === 'Figures')).toBe(true);
    expect(related.items[6]?.category).not.toBe('Figures');
  });

  it('carries each product’s stock per size and color', async () => {
    const [jacket] = (await list('q=bomber')).items;
    expect(jacket?.variants).toEqual([
      { size: 'M', color: 'Olive', stock: 40 },
      { size: 'M', color: 'Black', stock: 40 },
      { size: 'L', color: 'Olive', stock: 4 },
      { size: 'L', color: 'Black', stock: 40 },
      { size: 'XL', color: 'Olive', stock: 0 },
      { size: 'XL', color: 'Black', stock: 0 },
    ]);
  });

  it.each([
    'minPrice=-1',
    'minPrice=abc',
    'maxPrice=1.5',
    'minPrice=2000&maxPrice=1000',
    'maxPrice=999999999',
    'inStock=yes',
    'lowStock=1',
    'sort=cheapest',
    'related=not-an-id',
    `q=${'x'.repeat(121)}`,
  ])('refuses %s with 400 http/validation', async (query) => {
    const res = await call(t, 'GET', `/api/products?${query}`);
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe('http/validation');
  });
});

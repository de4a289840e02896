import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// main.ts draws the demo catalogue after the server listens, so an admin can already be at work
// while the pictures are drawn.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the demo catalogue drawn while the shop already answers', () => {
  it('stays out when an admin added a category meanwhile, and never touches it', async () => {
    const admin = (await adminSession(t)).token;
    let added = false;
    const seeded = await t.catalogue.seedDemo(async (spec) => {
      if (!added) {
        added = true;
        expect((await call(t, 'POST', '/api/categories', { token: admin, body: { category: 'Figures' } })).status).toBe(201);
      }
      return `https://img.test/${encodeURIComponent(spec.seed)}.webp`;
    });
    expect(seeded).toEqual({ categories: 0, products: 0 });
    expect((await json(await call(t, 'GET', '/api/categories'))).map((c: { category: string }) => c.category)).toEqual(['Figures']);
    expect(await json(await call(t, 'GET', '/api/products'))).toEqual([]);
  });

  it('goes in whole when nobody wrote meanwhile', async () => {
    expect(await t.seedDemo()).toEqual({ categories: 6, products: 40 });
    expect(await json(await call(t, 'GET', '/api/products'))).toHaveLength(40);
  });
});

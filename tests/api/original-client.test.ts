import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator, type AuthEmulator } from '../support/auth-emulator.mjs';
import { adminSession, call, json } from '../support/http.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// Issue 19: the original product's own client (React + axios + Firebase Auth), hosted on another
// origin, pointed at this API. Each call below has the shape that client sends (read from its
// source: paths, bodies, the quantity as text, the unrounded coupon total, Order Now as one
// cartItems entry, the admin pages' calls), over real HTTP through the response cache as main.ts
// serves it, with the Origin header and, where a browser would send one, the preflight first.
// Sign-in is the real Firebase path against the Auth emulator.

const oldShop = 'https://old-shop.example';
const devServer = 'http://localhost:5173';
const stranger = 'https://evil.example';
const publicUrl = 'https://shop.example';
const projectId = 'demo-original-client';
const port = 9419;
const localImage = `/uploads/${'a'.repeat(64)}.webp`;
const hostedImage = 'https://i.ibb.co/abc/fox.png';

let emulator: AuthEmulator;
let t: TestApp;
let server: http.Server;
let base: string;

beforeAll(async () => {
  emulator = await startAuthEmulator({ projectId, port });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  t = await createTestApp({
    provider: 'firebase',
    firebase: { projectId, apiKey: 'demo-api-key', emulatorHost: emulator.host },
    adminEmail: 'owner@shop.test',
    // Ten /jwt calls per address in 15 minutes: the preflight test below needs a small budget.
    rateLimitPerEmail: 2,
    env: { CORS_ORIGINS: `${oldShop}, ${devServer}`, PUBLIC_URL: publicUrl },
  });
  server = http.createServer(t.listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 90_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await t?.close();
  await emulator?.stop();
});

type Call = { origin?: string; token?: string; body?: unknown; headers?: Record<string, string>; from?: string };

/** A call as axios makes it from the old client's page: Origin, `authorization: Bearer ...`, JSON. */
function api(method: string, path: string, { origin = oldShop, token, body, headers, from = '10.0.0.1' }: Call = {}) {
  return fetch(`${base}/api${path}`, {
    method,
    headers: {
      accept: 'application/json, text/plain, */*',
      ...(origin ? { origin } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      'x-forwarded-for': from,
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** The browser's preflight before a call with a token or a JSON body. */
function preflight(path: string, method: string, requestHeaders = 'authorization,content-type', origin = oldShop, from = '10.0.0.1') {
  return fetch(`${base}/api${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders, 'x-forwarded-for': from },
  });
}

const allowedFor = (res: Response, origin = oldShop) => {
  expect(res.headers.get('access-control-allow-origin')).toBe(origin);
  expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
};

async function preflightThenCall(method: string, path: string, call: Call = {}) {
  const pre = await preflight(path, method, call.body === undefined ? 'authorization' : 'authorization,content-type', call.origin ?? oldShop);
  expect(pre.status, `preflight ${method} ${path}`).toBe(204);
  allowedFor(pre, call.origin ?? oldShop);
  const res = await api(method, path, call);
  allowedFor(res, call.origin ?? oldShop);
  return res;
}

const identityToolkit = (method: string, body: object) => emulator.accounts(method, body);

/** The old client's sign-in: Firebase first, then its /jwt (with the one changed line: the ID token in Authorization). */
async function signIn(email: string, options: { displayName?: string; verified?: boolean; from?: string } = {}) {
  const password = 'Sakura#2026';
  const made = await identityToolkit('signUp', { email, password, returnSecureToken: true });
  if (options.displayName) await identityToolkit('update', { idToken: made.idToken, displayName: options.displayName });
  if (options.verified) {
    const admin = getApps().find((a) => a.name === 'original-client') ?? initializeApp({ projectId }, 'original-client');
    await getAuth(admin).updateUser(made.localId, { emailVerified: true });
  }
  const { idToken } = await identityToolkit('signInWithPassword', { email, password, returnSecureToken: true });
  // The old client posts `{ email }` as its body; only the token counts.
  const res = await preflightThenCall('POST', '/jwt', { token: idToken, body: { email }, from: options.from ?? '10.0.0.2' });
  expect(res.status).toBe(200);
  const session = await json(res);
  return { idToken, token: session.token as string, user: session.user as { _id: string; name: string; email: string; role: string } };
}

let owner: Awaited<ReturnType<typeof signIn>>;
let rina: Awaited<ReturnType<typeof signIn>>;
const ids: Record<string, string> = {};

describe('the original client from another origin', () => {
  it('signs the owner in through /jwt (the profile made there), and runs the admin pages that fill the shop', async () => {
    owner = await signIn('owner@shop.test', { displayName: 'Shop Owner', verified: true });
    expect(owner.user).toMatchObject({ name: 'Shop Owner', email: 'owner@shop.test', role: 'admin' });

    expect(await json(await preflightThenCall('GET', '/users/admin/owner@shop.test', { token: owner.token }))).toEqual({ admin: true });
    const category = await preflightThenCall('POST', '/categories', { token: owner.token, body: { category: 'Plush' } });
    expect(category.status).toBe(201);
    expect((await json(category)).insertedId).toMatch(/^[0-9a-f]{24}$/);

    // AddProducts: price from parseInt, sizes and colors split, images from imgbb (and one stored here).
    const product = { title: 'Fox Plush', description: 'Soft.', category: 'Plush', price: 1415, sizes: ['S', 'M'], colors: ['Orange'], images: [localImage, hostedImage] };
    const fox = await preflightThenCall('POST', '/products', { token: owner.token, body: product });
    expect(fox.status).toBe(201);
    ids.fox = (await json(fox)).insertedId;
    const cards = await api('POST', '/products', { token: owner.token, body: { ...product, title: 'Card Sleeves', price: 999, sizes: [], colors: [], images: [hostedImage] } });
    ids.cards = (await json(cards)).insertedId;
    const spare = await api('POST', '/products', { token: owner.token, body: { ...product, title: 'Spare', images: [hostedImage] } });
    ids.spare = (await json(spare)).insertedId;

    // UpdateProduct: the same body again, with a new image.
    const updated = await preflightThenCall('PATCH', `/products/${ids.spare}`, { token: owner.token, body: { ...product, title: 'Spare Plush', images: ['https://i.ibb.co/new/spare.png'] } });
    expect(await json(updated)).toMatchObject({ modifiedCount: 1 });
    expect(await json(await preflightThenCall('DELETE', `/products/${ids.spare}`, { token: owner.token }))).toMatchObject({ deletedCount: 1 });

    // AddCoupon: the code upper-cased, the percent from parseFloat; ManageCoupons lists them.
    expect((await preflightThenCall('POST', '/coupons', { token: owner.token, body: { code: 'SAVE5', discountPercent: 5 } })).status).toBe(201);
    const gone = await api('POST', '/coupons', { token: owner.token, body: { code: 'GONE', discountPercent: 12.5 } });
    const coupons = await json(await preflightThenCall('GET', '/coupons', { token: owner.token }));
    expect(coupons.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['SAVE5', 'GONE']));
    expect((await preflightThenCall('DELETE', `/coupons/${(await json(gone)).insertedId}`, { token: owner.token })).status).toBe(200);

    // AddSlider and ManageSliders.
    const slider = await preflightThenCall('POST', '/sliders', { token: owner.token, body: { image: localImage } });
    expect(slider.status).toBe(201);
    const extra = await api('POST', '/sliders', { token: owner.token, body: { image: hostedImage } });
    expect(await json(await preflightThenCall('DELETE', `/sliders/${(await json(extra)).insertedId}`, { token: owner.token }))).toMatchObject({ deletedCount: 1 });
  });

  it('browses without a token: lists, a product by id (the route loaders), sliders and categories, with absolute image addresses', async () => {
    // Plain GETs without a token need no preflight; the answer must still name the origin.
    const products = await api('GET', '/products');
    allowedFor(products);
    expect(products.headers.get('access-control-expose-headers')).toContain('X-Total-Count');
    const list = await json(products);
    const fox = list.find((p: { _id: string }) => p._id === ids.fox);
    expect(fox.images).toEqual([`${publicUrl}${localImage}`, hostedImage]);

    const loaded = await api('GET', `/products/${ids.fox}`);
    allowedFor(loaded);
    expect((await json(loaded)).images[0]).toBe(`${publicUrl}${localImage}`);
    expect((await json(await api('GET', '/sliders'))).map((s: { image: string }) => s.image)).toEqual([`${publicUrl}${localImage}`]);
    expect((await json(await api('GET', '/categories'))).map((c: { category: string }) => c.category)).toContain('Plush');

    // The picture itself, as the page's <img> loads it: Cross-Origin-Resource-Policy must let it in.
    writeFileSync(join(t.uploadsDir, localImage.slice('/uploads/'.length)), Buffer.from('RIFF\0\0\0\0WEBP'));
    const picture = await fetch(`${base}${localImage}`, { headers: { origin: oldShop } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('signs a customer in with the token-less POST /users refused, adds "2" to the cart and checks out with a coupon and an unrounded total', async () => {
    rina = await signIn('rina@example.com', { displayName: 'Rina Akter', from: '10.0.0.3' });
    expect(rina.user).toMatchObject({ name: 'Rina Akter', role: 'customer' });
    // SignUp.jsx and SocialLogin.jsx post the profile without a token: not needed any more, and refused.
    const tokenless = await preflightThenCall('POST', '/users', { body: { name: 'Rina', email: 'rina@example.com' } });
    expect(tokenless.status).toBe(401);
    expect(await json(await api('GET', '/users/admin/rina@example.com', { token: rina.token }))).toEqual({ admin: false });

    // ProductDetails' Add to Cart: the form's quantity as text, price and the rest computed by the page (ignored).
    const item = { productId: ids.fox, title: 'Fox Plush', quantity: '2', price: 2830, email: 'rina@example.com', image: `${publicUrl}${localImage}`, category: 'Plush', size: 'M', color: 'Orange' };
    const added = await preflightThenCall('POST', '/carts', { token: rina.token, body: item });
    expect(added.status).toBe(201);
    const cart = await json(await preflightThenCall('GET', '/carts?email=rina@example.com', { token: rina.token }));
    expect(cart).toMatchObject([{ productId: ids.fox, quantity: 2, price: 2830, image: `${publicUrl}${localImage}` }]);

    for (const [quantity, message] of [
      ['2.5', 'Quantity must be a whole number'],
      ['abc', 'Quantity must be a number'],
      ['-1', 'Quantity must be at least 1'],
    ]) {
      const res = await api('POST', '/carts', { token: rina.token, body: { ...item, quantity } });
      expect(res.status, quantity).toBe(400);
      expect((await json(res)).error).toMatchObject({ code: 'http/validation', message: `quantity: ${message}` });
    }

    // Checkout.jsx: the coupon's percent from GET /coupon/:code, then subtotal - subtotal x 5 / 100 + 60, unrounded.
    expect(await json(await preflightThenCall('GET', '/coupon/SAVE5', { token: rina.token }))).toEqual({ discountPercent: 5 });
    const amount = 2830 - (2830 * 5) / 100 + 60;
    expect(amount).toBe(2748.5);
    const order = {
      name: 'Rina Akter',
      email: 'rina@example.com',
      phone: '01712-345678',
      address: 'House 1, Road 2, Dhanmondi',
      deliveryLocation: 'Inside Dhaka',
      amount,
      discountPercent: 5,
      appliedCoupon: 'SAVE5',
      paymentMethod: 'Cash On Delivery',
      cartItems: cart,
      status: 'Pending',
      orderTime: new Date().toISOString(),
    };
    // A total the server does not have says what is wrong, and stores nothing.
    const wrong = await api('POST', '/orders', { token: rina.token, body: { ...order, amount: 2747 } });
    expect(wrong.status).toBe(409);
    expect((await json(wrong)).error).toMatchObject({ code: 'ordering/total-changed', message: expect.stringContaining('The total is now 2748 BDT, not 2747 BDT') });

    // The page's own preflight may carry our web app's Idempotency-Key too.
    const pre = await preflight('/orders', 'POST', 'authorization,content-type,idempotency-key');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);
    const placed = await preflightThenCall('POST', '/orders', { token: rina.token, body: order });
    expect(placed.status).toBe(201);
    const answer = await json(placed);
    expect(answer.insertedId).toMatch(/^[0-9a-f]{24}$/);
    expect(answer.order).toMatchObject({ subtotal: 2830, discount: 142, fee: 60, amount: 2748, appliedCoupon: 'SAVE5', status: 'Pending' });
    expect(answer.order.cartItems[0].image).toBe(`${publicUrl}${localImage}`);
    ids.cartOrder = answer.insertedId;
    expect(await json(await api('GET', '/carts?email=rina@example.com', { token: rina.token }))).toEqual([]);
  });

  it('orders one product now (one cartItems entry without _id), leaving the cart alone', async () => {
    await api('POST', '/carts', { token: rina.token, body: { productId: ids.fox, quantity: '1', size: 'S', color: 'Orange' } });
    // ProductDetails' Order Now: the item travels in the router state to Checkout, which sends it as cartItems[0].
    const orderNowItem = { productId: ids.cards, title: 'Card Sleeves', quantity: '3', price: 2997, category: 'Plush', size: '', color: '' };
    const res = await preflightThenCall('POST', '/orders', {
      token: rina.token,
      body: {
        name: 'Rina Akter',
        email: 'rina@example.com',
        phone: '+8801712345678',
        address: 'House 1, Road 2, Dhanmondi',
        deliveryLocation: 'Outside Dhaka',
        amount: 2997 + 100,
        discountPercent: 0,
        appliedCoupon: '',
        paymentMethod: 'Cash On Delivery',
        cartItems: [orderNowItem],
        status: 'Pending',
        orderTime: new Date().toISOString(),
      },
    });
    expect(res.status).toBe(201);
    const { order, insertedId } = await json(res);
    expect(order.cartItems).toMatchObject([{ productId: ids.cards, quantity: 3, unitPrice: 999, price: 2997 }]);
    expect(order.amount).toBe(3097);
    ids.orderNow = insertedId;
    expect(await json(await api('GET', '/carts?email=rina@example.com', { token: rina.token }))).toMatchObject([{ productId: ids.fox, quantity: 1 }]);

    // Two entries without _id are not one Order Now: refused, nothing ordered.
    const two = await api('POST', '/orders', { token: rina.token, body: { name: 'R', phone: '01712345678', address: 'A', deliveryLocation: 'Outside Dhaka', paymentMethod: 'Cash On Delivery', cartItems: [orderNowItem, orderNowItem] } });
    expect(two.status).toBe(400);
    expect((await json(two)).error.issues[0].path).toBe('cartItems');

    const mine = await json(await preflightThenCall('GET', '/orders?email=rina@example.com', { token: rina.token }));
    expect(mine.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([ids.cartOrder, ids.orderNow]));
    // Orders.jsx cancels a Pending order with DELETE.
    expect(await json(await preflightThenCall('DELETE', `/orders/${ids.orderNow}`, { token: rina.token }))).toMatchObject({ deletedCount: 1 });
  });

  it("runs the admin's order and user pages", async () => {
    const all = await preflightThenCall('GET', '/allOrders', { token: owner.token });
    expect(all.headers.get('x-total-count')).not.toBeNull();
    expect((await json(all)).map((o: { _id: string }) => o._id)).toContain(ids.cartOrder);
    expect(await json(await preflightThenCall('PATCH', `/orders/${ids.cartOrder}`, { token: owner.token, body: { status: 'Confirmed' } }))).toMatchObject({ modifiedCount: 1 });

    const users = await json(await preflightThenCall('GET', '/users', { token: owner.token }));
    const customer = users.find((u: { email: string }) => u.email === 'rina@example.com');
    // Make Admin: axios.patch without a body.
    expect(await json(await preflightThenCall('PATCH', `/users/admin/${customer._id}`, { token: owner.token }))).toMatchObject({ modifiedCount: 1 });
    expect(await json(await preflightThenCall('DELETE', `/users/${customer._id}`, { token: owner.token }))).toMatchObject({ deletedCount: 1 });
  });
});

describe('CORS', () => {
  it('gives an origin not listed no CORS header, and refuses its preflight', async () => {
    const pre = await preflight('/carts', 'POST', 'authorization,content-type', stranger);
    expect(pre.status).toBe(403);
    expect((await json(pre)).error.code).toBe('http/forbidden-origin');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await api('GET', '/products', { origin: stranger });
    expect(res.status).toBe(200);
    for (const name of ['access-control-allow-origin', 'access-control-expose-headers', 'access-control-allow-credentials']) expect(res.headers.get(name)).toBeNull();
    // Nor does it get the listed origins' answer (their absolute image addresses) from the response cache.
    expect((await json(res)).find((p: { _id: string }) => p._id === ids.fox).images[0]).toBe(localImage);
  });

  it('keeps the response cache apart per allowed origin, and the shop\'s own calls relative', async () => {
    for (let round = 0; round < 2; round++) {
      const own = await api('GET', `/products/${ids.fox}`, { origin: '' });
      expect(own.headers.get('access-control-allow-origin')).toBeNull();
      expect(own.headers.get('vary')).toMatch(/Origin/);
      expect((await json(own)).images[0]).toBe(localImage);
      for (const origin of [oldShop, devServer]) {
        const res = await api('GET', `/products/${ids.fox}`, { origin });
        allowedFor(res, origin);
        expect((await json(res)).images[0]).toBe(`${publicUrl}${localImage}`);
      }
    }
  });

  it('answers a preflight with the allowed methods and headers, never credentials, and spends no rate limit', async () => {
    const res = await preflight('/orders/0123456789abcdef01234567', 'PATCH', 'authorization,content-type,x-something', devServer);
    expect(res.status).toBe(204);
    allowedFor(res, devServer);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(res.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key, Accept-Language');
    expect(res.headers.get('access-control-max-age')).toBe('7200');
    // Ten /jwt per address in 15 minutes: thirty preflights from one address, then its /jwt still goes through.
    for (let i = 0; i < 30; i++) expect((await preflight('/jwt', 'POST', 'authorization,content-type', oldShop, '10.0.0.99')).status).toBe(204);
    const { idToken } = await identityToolkit('signUp', { email: 'budget@example.com', password: 'Sakura#2026', returnSecureToken: true });
    expect((await api('POST', '/jwt', { token: idToken, body: {}, from: '10.0.0.99' })).status).toBe(200);
  });

  it('allows nothing by default, and leaves image addresses relative without PUBLIC_URL', async () => {
    const plain = await createTestApp();
    const noPublicUrl = await createTestApp({ env: { CORS_ORIGINS: oldShop, PUBLIC_URL: '' } });
    try {
      const pre = await plain.app.request('/api/products', { method: 'OPTIONS', headers: { origin: oldShop, 'access-control-request-method': 'GET' } });
      expect(pre.status).toBe(404);
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      const res = await plain.app.request('/api/categories', { headers: { origin: oldShop } });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect((await plain.app.request(localImage)).headers.get('cross-origin-resource-policy')).toBe('same-origin');

      const { token } = await adminSession(noPublicUrl);
      expect((await call(noPublicUrl, 'POST', '/api/sliders', { token, body: { image: localImage } })).status).toBe(201);
      const sliders = await call(noPublicUrl, 'GET', '/api/sliders', { headers: { origin: oldShop } });
      expect(sliders.headers.get('access-control-allow-origin')).toBe(oldShop);
      expect((await json(sliders)).map((s: { image: string }) => s.image)).toEqual([localImage]);
      expect(noPublicUrl.logger.lines.some((line) => line.includes('CORS_ORIGINS is set without PUBLIC_URL'))).toBe(true);
    } finally {
      await plain.close();
      await noPublicUrl.close();
    }
  });
});

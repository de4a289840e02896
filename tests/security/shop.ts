import sharp from 'sharp';
import { adminSession, call, json, signUpCustomer, strongPassword } from '../support/http.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../support/test-app.js';

/**
 * The callers of the authorization matrix: a visitor, two customers, and one person of each role of
 * the shop's staff (issue 36). Written here, not taken from src/shared/permissions.ts: the matrix
 * says what each role may do in its own words, so that a wrong grant there fails it.
 */
export const staffCallers = ['admin', 'desk', 'packing', 'catalogue', 'auditor'] as const;
export type StaffCaller = (typeof staffCallers)[number];
export const roles = ['visitor', 'customerA', 'customerB', ...staffCallers] as const;
export type Role = (typeof roles)[number];

/** A valid checkout form (Order Now adds `items`). */
export const checkoutForm = {
  name: 'Customer A',
  phone: '01712345678',
  address: 'House 5, Road 2, Dhanmondi',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
} as const;

/** A valid product body for POST and PATCH /api/products. */
export const productBody = (title = 'Matrix Test Figure') => ({
  title,
  description: 'A figure made for the tests.',
  category: 'Figures',
  price: 1234,
  sizes: ['S', 'M'],
  colors: ['Red'],
  images: ['https://img.test/matrix.webp'],
});

/** A small real PNG, as the upload form sends it. */
export async function pngForm(): Promise<FormData> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 30, b: 90 } } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new File([new Uint8Array(png)], 'tiny.png', { type: 'image/png' }));
  return form;
}

let unique = 0;
/** A name no other call of this process has used (fresh emails, codes, categories). */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(unique++).toString(36)}`;

/**
 * A shop with something in it, made through the API like a real one: the demo catalogue, an
 * admin, customers A and B, a member of staff of each other role (signed up, then given the role by
 * the admin through PATCH /api/users/:id/role), a coupon, a line in A's cart, a Pending and a
 * Confirmed order of A and an uploaded image. `fresh` makes new objects for calls that use one up
 * (a delete, a status change).
 */
export async function createSeededShop(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  try {
    await t.seedDemo();
    const admin = await adminSession(t);
    const a = await signUpCustomer(t, 'Customer A', 'customer.a@example.com');
    const b = await signUpCustomer(t, 'Customer B', 'customer.b@example.com');
    const staffOf = async (role: Exclude<StaffCaller, 'admin'>) => {
      const person = await signUpCustomer(t, `Staff ${role}`, `${role}.person@example.com`);
      const res = await call(t, 'PATCH', `/api/users/${person.user._id}/role`, { token: admin.token, body: { role } });
      if (res.status !== 200) throw new Error(`giving ${person.user.email} the role ${role}: ${res.status} ${await res.text()}`);
      return { token: person.token, user: { ...person.user, role } };
    };
    const desk = await staffOf('desk');
    const packing = await staffOf('packing');
    const catalogue = await staffOf('catalogue');
    const auditor = await staffOf('auditor');
    const tokens: Record<Role, string | undefined> = {
      visitor: undefined,
      customerA: a.token,
      customerB: b.token,
      admin: admin.token,
      desk: desk.token,
      packing: packing.token,
      catalogue: catalogue.token,
      auditor: auditor.token,
    };
    const users = { admin: admin.user, customerA: a.user, customerB: b.user, desk: desk.user, packing: packing.user, catalogue: catalogue.user, auditor: auditor.user };

    const products = (await json(await call(t, 'GET', '/api/products?limit=100'))) as Array<{ _id: string; price: number; sizes: string[]; colors: string[] }>;
    const product = products[0];
    if (!product) throw new Error('the demo catalogue is empty');
    const ok = async (res: Response, what: string) => {
      if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
      return json(res);
    };

    const cartLineOf = async (who: 'customerA' | 'customerB' = 'customerA', productId = product._id) =>
      (await ok(await call(t, 'POST', '/api/carts', { token: tokens[who], body: { productId, quantity: 1, size: '', color: '' } }), 'add to cart')).insertedId as string;
    const orderOf = async (who: 'customerA' | 'customerB' = 'customerA') =>
      (
        await ok(
          await call(t, 'POST', '/api/orders', { token: tokens[who], body: { ...checkoutForm, items: [{ productId: product._id, quantity: 1 }] } }),
          'order',
        )
      ).insertedId as string;
    const couponCode = 'WELCOME10';
    const coupon = await ok(await call(t, 'POST', '/api/coupons', { token: admin.token, body: { code: couponCode, discountPercent: 10 } }), 'coupon');

    const upload = await ok(await t.app.request('/api/images', { method: 'POST', body: await pngForm(), headers: { authorization: `Bearer ${admin.token}` } }), 'upload');
    const uploadUrl = String(upload.url ?? upload.display_url ?? upload.data?.display_url ?? '');
    const uploadName = /\/uploads\/([^/?#]+)$/.exec(uploadUrl)?.[1];
    if (!uploadName) throw new Error(`unexpected upload answer: ${JSON.stringify(upload)}`);

    const fresh: {
      cartLineOfA: () => Promise<string>;
      orderOfA: () => Promise<string>;
      product: () => Promise<string>;
      coupon: () => Promise<string>;
      slider: () => Promise<string>;
      user: () => Promise<{ _id: string; name: string; email: string; role: string }>;
      resetToken: () => Promise<string>;
    } = {
      /** A line of its own (a fresh product: adding a product already in the cart merges). */
      cartLineOfA: async () => cartLineOf('customerA', await fresh.product()),
      orderOfA: () => orderOf('customerA'),
      product: async () => (await ok(await call(t, 'POST', '/api/products', { token: admin.token, body: productBody(uniqueName('Fresh ')) }), 'product')).insertedId as string,
      coupon: async () => (await ok(await call(t, 'POST', '/api/coupons', { token: admin.token, body: { code: uniqueName('C').toUpperCase(), discountPercent: 5 } }), 'coupon')).insertedId as string,
      slider: async () => (await ok(await call(t, 'POST', '/api/sliders', { token: admin.token, body: { image: 'https://img.test/banner.webp' } }), 'slider')).insertedId as string,
      /** A customer nobody else uses (to promote or delete). */
      user: async () => (await signUpCustomer(t, 'Spare', `${uniqueName('spare')}@example.com`)).user,
      /** A live password-reset token of a spare user (read from the outbox, as from the mail). */
      resetToken: async () => {
        const spare = await signUpCustomer(t, 'Forgetful', `${uniqueName('forgetful')}@example.com`);
        await ok(await call(t, 'POST', '/api/auth/password-reset', { body: { email: spare.user.email } }), 'reset request');
        await new Promise((r) => setImmediate(r));
        const mail = [...t.outbox].reverse().find((m) => m.to === spare.user.email);
        const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
        if (!token) throw new Error('no reset mail');
        return token;
      },
    };

    return {
      t,
      tokens,
      users,
      password: strongPassword,
      productId: product._id,
      productIds: products.map((p) => p._id),
      couponCode,
      couponId: coupon.insertedId as string,
      cartLineOfA: await cartLineOf('customerA'),
      cartLineOfB: await cartLineOf('customerB'),
      orderOfA: await orderOf('customerA'),
      orderOfB: await orderOf('customerB'),
      /** A's order the admin confirmed: what those who pack see (issue 36). */
      confirmedOrderOfA: await (async () => {
        const id = await orderOf('customerA');
        await ok(await call(t, 'PATCH', `/api/orders/${id}`, { token: admin.token, body: { status: 'Confirmed' } }), 'confirm');
        return id;
      })(),
      uploadName,
      fresh,
      close: () => t.close(),
    };
  } catch (e) {
    await t.close();
    throw e;
  }
}

export type SeededShop = Awaited<ReturnType<typeof createSeededShop>>;
export type { TestApp };

/**
 * Runs `fn` with FIREBASE_AUTH_EMULATOR_HOST unset: the Firebase-mode checks here need no Firebase
 * at all (every token they send is refused before any key or emulator is asked), and must not
 * reach an emulator another test file of the same worker may have pointed firebase-admin at.
 */
export async function withoutAuthEmulator<T>(fn: () => Promise<T>): Promise<T> {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  try {
    return await fn();
  } finally {
    if (saved !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
  }
}

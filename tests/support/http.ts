import type { TestApp } from './test-app.js';

/**
 * Reads a response body as loosely typed JSON: API tests assert on its shape field by field,
 * so a static type here would only restate the assertions.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = async (res: Response): Promise<any> => res.json();

type Call = { token?: string | undefined; body?: unknown; headers?: Record<string, string> };

/** One API call the way the web app makes it. */
export function call(t: TestApp, method: string, path: string, options: Call = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return t.app.request(path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

export const strongPassword = 'Sakura#2026';

/** Signs a new local customer up through the API; returns its token and user. */
export async function signUpCustomer(t: TestApp, name: string, email: string, password = strongPassword) {
  const res = await call(t, 'POST', '/api/auth/signup', { body: { name, email, password } });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: { _id: string; name: string; email: string; role: string } };
}

/** An admin account (made sure of as at start) and its token. */
export async function adminSession(t: TestApp, email = 'boss@shop.test', password = 'Admin#Pass1') {
  await t.identity.ensureAdmin({ email, password, name: 'Boss' });
  const res = await call(t, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status}`);
  return (await res.json()) as { token: string; user: { _id: string; name: string; email: string; role: string } };
}

/**
 * A category and one product in it with `stock` of its single variant, made by the admin through
 * the API (the set-up most order tests start from). Answers the product's id.
 */
export async function addStockedProduct(
  t: TestApp,
  adminToken: string,
  { category = 'Figures', title = 'Kitsune Figure', price = 1000, stock = 100 }: { category?: string; title?: string; price?: number; stock?: number } = {},
): Promise<string> {
  const made = await call(t, 'POST', '/api/categories', { token: adminToken, body: { category } });
  if (made.status !== 201) throw new Error(`category ${category}: ${made.status}`);
  const res = await call(t, 'POST', '/api/products', {
    token: adminToken,
    body: { title, description: '', category, price, sizes: [], colors: [], images: ['https://img.test/f.webp'], variants: [{ size: '', color: '', stock }] },
  });
  if (res.status !== 201) throw new Error(`product ${title}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { e2eAdmin, e2eFirebaseProject, e2ePorts } from '../../playwright.config.js';

export const password = 'Sakura#2026';

/** A fresh address per test run, so journeys never collide with earlier data. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

export const dialog = (page: Page) => page.locator('.swal2-popup');

/** Waits for the sweetalert2 dialog with this title, then presses its confirm button. */
export async function confirmDialog(page: Page, title: string | RegExp, button?: string) {
  const popup = dialog(page);
  await expect(popup.locator('.swal2-title')).toHaveText(title);
  await (button ? popup.getByRole('button', { name: button }) : popup.locator('.swal2-confirm')).click();
  // Closed, or replaced by the next dialog (sweetalert2 reuses its popup element).
  // A closing popup keeps its element (class swal2-hide) while it fades out.
  const stillThisOne = async () => {
    const open = popup.and(page.locator(':not(.swal2-hide)'));
    if ((await open.count()) === 0 || !(await open.isVisible())) return false;
    const text = (await open.locator('.swal2-title').textContent()) ?? '';
    return typeof title === 'string' ? text === title : title.test(text);
  };
  // 15 s, not the default 5: on 2 cores the browser tests share with the abuse rounds of the other
  // lane, a dialog once took over 5 s to close (blocked-phones, twice in one CI run).
  await expect.poll(stillThisOne, { timeout: 15_000 }).toBe(false);
}

export async function signUp(page: Page, name: string, email: string, pass = password) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await confirmDialog(page, 'Sign up Successful.');
  await expect(page).toHaveURL(/\/$/);
}

export async function logIn(page: Page, email: string, pass = password) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await confirmDialog(page, 'Login Successful');
}

export async function logOut(page: Page) {
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
}

/** Mails received by the SMTP sink the local-mode server sends to. */
export async function mailsTo(to: string): Promise<Array<{ subject: string; text: string }>> {
  const res = await fetch(`http://127.0.0.1:${e2ePorts.smtpHttp}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Array<{ subject: string; text: string }>;
}

/** Text messages the local SMS gateway (tests/support/sms-sink.mjs) received for this number (+8801XXXXXXXXX). */
export async function smsTo(to: string): Promise<Array<{ to: string; message: string; at: string }>> {
  const res = await fetch(`http://127.0.0.1:${e2ePorts.smsSink}/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Array<{ to: string; message: string; at: string }>;
}

/** Switches the local SMS gateway down (every send answers 503) or up again. */
/** The 6 digits of the newest phone code texted to `number` after `before` codes had been (codesTexted). */
export async function codeTexted(number: string, before: number): Promise<string> {
  let text = '';
  await expect
    .poll(async () => (text = (await smsTo(number)).filter((m) => /^\d{6} is your /.test(m.message)).slice(before).at(-1)?.message ?? ''), { timeout: 10_000 })
    .toMatch(/^\d{6} is your .+ code\. It expires in 5 minutes\./);
  return text.slice(0, 6);
}

/** How many phone codes were texted to `number` so far. */
export const codesTexted = async (number: string) => (await smsTo(number)).filter((m) => /^\d{6} is your /.test(m.message)).length;

export async function smsGateway(state: 'down' | 'up') {
  const res = await fetch(`http://127.0.0.1:${e2ePorts.smsSink}/${state}`, { method: 'POST' });
  if (!res.ok) throw new Error(`the SMS sink did not go ${state}: ${res.status}`);
}

/** Password-reset codes the Firebase Auth emulator "sent". */
export async function emulatorResetLink(email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${e2ePorts.authEmulator}/emulator/v1/projects/${e2eFirebaseProject}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: Array<{ email: string; requestType: string; oobLink: string }> };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1);
  if (!code) throw new Error(`no reset code for ${email}`);
  return code.oobLink;
}

/**
 * Google's gapi loader cannot be fetched here; serve the local stand-in that speaks its
 * postMessage protocol (see tests/support/gapi-iframes-shim.js) to the page, the popup and the
 * emulator's iframe.
 */
export async function serveGapiShim(context: BrowserContext) {
  const shim = readFileSync(new URL('../support/gapi-iframes-shim.js', import.meta.url), 'utf8');
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: shim }),
  );
  // The emulator's popup asks a CDN for styles; answer empty rather than wait on the network.
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, (route) => route.fulfill({ status: 200, body: '' }));
}

/** The checkout's District and Thana / Upazila labels, in each language. */
export const areaLabels = { en: { district: 'District', thana: 'Thana / Upazila' }, bn: { district: 'জেলা', thana: 'থানা / উপজেলা' } } as const;

/**
 * Chooses the district and thana at checkout (issue 34), by their English names (the options' values,
 * in either language): the delivery zone follows (Dhanmondi: Inside Dhaka; Savar: Suburbs Dhaka).
 */
export async function chooseArea(page: Page, district = 'Dhaka', thana = 'Dhanmondi', lang: keyof typeof areaLabels = 'en') {
  await page.getByLabel(areaLabels[lang].district, { exact: true }).selectOption(district);
  await page.getByLabel(areaLabels[lang].thana, { exact: true }).selectOption(thana);
}

/** The checkout form filled as a Dhaka (Dhanmondi: Inside Dhaka) customer paying cash on delivery (its dialog confirmed). */
export async function fillCheckout(page: Page, phone = '01712345678') {
  await page.getByLabel('Full Name').fill('Rina Akter');
  await page.getByLabel('Phone Number').fill(phone);
  await page.getByLabel('Address').fill('House 5, Road 2, Dhanmondi, Dhaka');
  await chooseArea(page);
  await page.getByLabel('Payment Method').selectOption('Cash On Delivery');
  await confirmDialog(page, 'Cash On Delivery');
}

/**
 * The Latin words (three letters or more) left in `root` of a Bengali page once its data is taken
 * out: the elements matching `dataParts`, then every text of `known` (issue 18: no English left on a
 * Bengali page). Waits for <html lang="bn"> first.
 */
export async function latinWordsLeft(page: Page, known: readonly string[], dataParts = '', root = 'main'): Promise<string[]> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  return page.locator(root).evaluate(
    (element, [knownTexts, parts]) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const part of copy.querySelectorAll(['script, style, svg', parts].filter(Boolean).join(', '))) part.remove();
      let text = copy.textContent ?? '';
      for (const item of [...knownTexts].sort((a, b) => b.length - a.length)) text = text.split(item).join(' ');
      return text.match(/[A-Za-z]{3,}/g) ?? [];
    },
    [known, dataParts] as const,
  );
}

/** The e2e admin's bearer token, from the API (for journeys whose subject is not the login form). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: e2eAdmin });
  expect(res.ok(), `admin login: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** A call of the API with `token` that must succeed (a journey's own setup); its JSON answer. */
export async function apiAs<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'patch' | 'delete', path: string, data?: unknown): Promise<T> {
  const res = await request[method](path, { headers: { authorization: `Bearer ${token}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Where the journeys' API orders go: Dhaka, cash on delivery. */
const dhakaDelivery = {
  phone: '01712345678',
  address: 'House 5, Road 2, Dhanmondi, Dhaka',
  deliveryLocation: 'Inside Dhaka',
  paymentMethod: 'Cash On Delivery',
} as const;

type ProductSetup = { category: string; title: string; description: string; price: number; image: string; size?: string; color?: string; stock?: number };

/** A new category and one product in it (one variant: `size`/`color`, `stock` left), made by `token`'s admin; the product's id. */
export async function categoryWithProduct(request: APIRequestContext, token: string, product: ProductSetup): Promise<string> {
  const { category, title, description, price, image, size = '', color = '', stock = 5 } = product;
  await apiAs(request, token, 'post', '/api/categories', { category });
  const created = await apiAs<{ insertedId: string }>(request, token, 'post', '/api/products', {
    title,
    description,
    category,
    price,
    sizes: size ? [size] : [],
    colors: color ? [color] : [],
    images: [image],
    variants: [{ size, color, stock }],
  });
  return created.insertedId;
}

type PlacedOrder = { insertedId: string; order: { orderNumber: number; amount: number } };

/** An order of `quantity` of one product by `buyer`, for Dhaka, cash on delivery, placed with `token`. */
export function placeOrder(
  request: APIRequestContext,
  token: string,
  line: { buyer: string; productId: string; quantity: number; size?: string; color?: string; address?: string },
): Promise<PlacedOrder> {
  const { buyer, productId, quantity, size = '', color = '', address = dhakaDelivery.address } = line;
  return apiAs<PlacedOrder>(request, token, 'post', '/api/orders', {
    ...dhakaDelivery,
    name: buyer,
    address,
    items: [{ productId, quantity, size, color }],
  });
}

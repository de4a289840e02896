import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';

// Issue 18: the self-hosted Bengali font (web/public/fonts, @font-face 'Shop Bengali' in base.css) is
// fetched only by a page that shows Bengali text: an English page (the navbar's "বাংলা" included) never
// asks for it, the page of a product with a Bengali title does, and it renders that title.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Font Check ${stamp}`;
const bengaliTitle = `নকশি কাঁথা পুতুল ${stamp}`;
const fontPath = '/fonts/noto-sans-bengali.woff2';
// Never fetched by the server (it stores the URL); the browser's requests for it are answered below.
const image = 'https://images.example.com/bengali-font.webp';

let adminToken = '';
let productId = '';

async function api(request: APIRequestContext, method: 'post' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as Record<string, unknown>;
}

/** Every request the page makes for the Bengali font from now on. */
function fontRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === fontPath) seen.push(request.url());
  });
  return seen;
}

/** Until the page has laid out its text and every font it asked for has come (or failed). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

test.beforeAll(async ({ request }) => {
  adminToken = ((await (await request.post('/api/auth/login', { data: e2eAdmin })).json()) as { token: string }).token;
  await api(request, 'post', '/api/categories', { category });
});

// Other journeys count the catalogue's products: take this one away again.
test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ page }) => {
  await page.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('an English page never fetches the Bengali font; a page with Bengali text does, and draws with it', async ({ page, request }) => {
  const requested = fontRequests(page);

  await page.goto('/');
  await expect(page.locator('.product-card').first()).toBeVisible();
  await settled(page);
  expect(requested, 'the English home page fetched the Bengali font').toEqual([]);

  // The rule: swap (text shows at once in a fallback font), and only for Bengali code points.
  const face = await page.evaluate(() => {
    for (const sheet of Array.from(document.styleSheets)) {
      for (const rule of Array.from(sheet.cssRules)) {
        if (rule instanceof CSSFontFaceRule && rule.style.getPropertyValue('font-family').includes('Shop Bengali')) {
          return { display: rule.style.getPropertyValue('font-display'), range: rule.style.getPropertyValue('unicode-range') };
        }
      }
    }
    return null;
  });
  expect(face?.display).toBe('swap');
  expect(face?.range.replaceAll(' ', '')).toMatch(/^U\+0?980-0?9FF,U\+200C-200D,U\+25CC,U\+0?964-0?965$/i);

  const created = await api(request, 'post', '/api/products', {
    title: bengaliTitle,
    description: 'হাতে বোনা কাঁথার পুতুল।',
    category,
    price: 1250,
    sizes: [],
    colors: [],
    images: [image],
  });
  productId = created.insertedId as string;

  const fontAnswer = page.waitForResponse((response) => new URL(response.url()).pathname === fontPath);
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bengaliTitle);
  const response = await fontAnswer;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('font/woff2');
  await settled(page);
  expect(requested).toHaveLength(1);
  const loaded = await page.evaluate(() => Array.from(document.fonts).some((f) => f.family.includes('Shop Bengali') && f.status === 'loaded'));
  expect(loaded, 'the Bengali font did not load').toBe(true);
});

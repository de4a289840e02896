import { expect, test, type APIRequestContext } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, fillCheckout, signUp, smsTo, uniqueEmail } from './support.js';

// Issue 16's optional phone code at checkout (CHECKOUT_OTP=true, decision 032), in Chromium, on the
// "otp" shop: Place Order is refused until the number is confirmed; Send code puts a 6-digit code in
// an SMS (caught by the local gateway); a wrong code counts a try; the right one confirms the number
// (for that number only) and the order is placed. Customer, phone and product are this run's own.
const stamp = `${Date.now() % 1_000_000}`;
const category = `Phone Code ${stamp}`;
const title = `Phone Code Owl Mug ${stamp}`;
/** A number of this run alone: 0191 and the clock's last seven digits. */
const phone = `0191${String(Date.now()).slice(-7)}`;
const otherPhone = `0171${String(Date.now()).slice(-7)}`;

let adminToken = '';
let productId = '';

async function api(request: APIRequestContext, method: 'post' | 'delete', path: string, data?: unknown) {
  const res = await request[method](path, { headers: { authorization: `Bearer ${adminToken}` }, ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res;
}

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: e2eAdmin });
  adminToken = ((await login.json()) as { token: string }).token;
  await api(request, 'post', '/api/categories', { category });
  const created = await api(request, 'post', '/api/products', {
    title,
    description: 'Ordered by the phone code journey.',
    category,
    price: 520,
    sizes: [],
    colors: [],
    images: ['https://images.example.com/phone-code.webp'],
    variants: [{ size: '', color: '', stock: 10 }],
  });
  productId = ((await created.json()) as { insertedId: string }).insertedId;
});

test.afterAll(async ({ request }) => {
  if (productId) await api(request, 'delete', `/api/products/${productId}`);
});

test.beforeEach(async ({ context }) => {
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

test('an order counts once the phone number is confirmed with the code sent to it by SMS', async ({ page }) => {
  await signUp(page, 'Nadia Islam', uniqueEmail('phone-code'));
  await page.goto(`/product/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(page, `${title} added to your cart`);
  await page.goto('/dashboard/checkout');
  await fillCheckout(page, phone);

  // Not confirmed yet: Place Order asks for it first.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(dialog(page)).toContainText('Please confirm your phone number first: ask for a code and type the 6 digits we send you by SMS.');
  await confirmDialog(page, 'Confirm your phone number');

  // Send code: the gateway receives the six digits for the number.
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await expect(page.getByText(`We sent a 6-digit code to ${phone}. It expires in 5 minutes.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend code/ })).toBeDisabled();
  let sms = '';
  await expect
    .poll(async () => (sms = (await smsTo(`+88${phone}`)).at(-1)?.message ?? ''), { timeout: 10_000 })
    .toMatch(/^\d{6} is your .+ code\. It expires in 5 minutes\./);
  const code = sms.slice(0, 6);
  const codeField = page.getByLabel('Code', { exact: true });
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');

  // A wrong code counts a try.
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
  await codeField.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. You have 4 tries left.');

  // The right one confirms the number.
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Phone number confirmed')).toBeVisible();

  // Another number needs its own code; back to the confirmed one, it is confirmed again.
  await page.getByLabel('Phone Number').fill(otherPhone);
  await expect(page.getByText('Phone number confirmed')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Send code', exact: true })).toBeVisible();
  await page.getByLabel('Phone Number').fill(phone);
  await expect(page.getByText('Phone number confirmed')).toBeVisible();

  await page.getByRole('button', { name: 'Place Order' }).click();
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
  await expect(dialog(page)).toContainText('Your order number:');
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
});

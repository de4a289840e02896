import { expect, test } from '@playwright/test';
import { chooseArea, confirmDialog, signUp, uniqueEmail } from './support.js';

// Issue 33, point 1 (decision 055): on "Starlight Ronin Scale Figure" of the demo catalogue, the
// product page preselects the first variant in stock, so the shopper sees what will be taken; the
// same size and color show in the cart, at checkout and in My Orders. In English and Bengali, at
// 390 and 1366 px. Each run orders one figure: once the first variant is sold out the page
// preselects the next one in stock, and the journey holds all the same.
test.describe.configure({ mode: 'serial' });

const title = 'Starlight Ronin Scale Figure';
type Variant = { size: string; color: string; stock: number };
type Product = { _id: string; title: string; variants: Variant[] };

const texts = {
  en: { buy: 'Buy this product', addToCart: 'Add to Cart', checkout: 'Checkout', name: 'Full Name', phone: 'Phone Number', address: 'Address', payment: 'Payment Method', cod: 'Cash On Delivery', place: 'Place Order', confirm: 'Confirm Placing the order?', yes: 'Yes, place it!', placed: 'Order Placed' },
  bn: { buy: 'পণ্যটি কিনুন', addToCart: 'কার্টে যোগ করুন', checkout: 'চেকআউট', name: 'পুরো নাম', phone: 'ফোন নম্বর', address: 'ঠিকানা', payment: 'পেমেন্ট পদ্ধতি', cod: 'ক্যাশ অন ডেলিভারি', place: 'অর্ডার করুন', confirm: 'অর্ডারটি করবেন?', yes: 'হ্যাঁ, অর্ডার করুন!', placed: 'অর্ডার হয়েছে' },
} as const;

test.beforeEach(async ({ context }) => {
  // The demo catalogue's pictures are the shop's own; nothing outside is needed.
  await context.route(/^https:\/\/images\.example\.com\//, (route) => route.fulfill({ status: 404, body: '' }));
});

for (const lang of ['en', 'bn'] as const) {
  for (const width of [390, 1366]) {
    test(`${lang} at ${width} px: the preselected size and color are the ones in the cart and the order`, async ({ page, request }) => {
      test.setTimeout(90_000);
      const l = texts[lang];
      const q = lang === 'bn' ? '?lang=bn' : '';
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      const found = (await (await request.get(`/api/products?q=${encodeURIComponent('Starlight Ronin')}`)).json()) as Product[];
      const ronin = found.find((p) => p.title === title);
      expect(ronin, 'the demo catalogue has the Starlight Ronin').toBeTruthy();
      const first = ronin!.variants.find((v) => v.stock > 0);
      expect(first, 'a variant of the Starlight Ronin in stock').toBeTruthy();

      await signUp(page, 'Variant Shopper', uniqueEmail(`variant-${lang}-${width}`));
      await page.goto(`/product/${ronin!._id}${q}`);
      const form = page.getByRole('form', { name: l.buy });
      const size = form.locator('select[name="size"]');
      const color = form.locator('select[name="color"]');
      // What an order would take, chosen and in sight before anything is pressed.
      await expect(size).toHaveValue(first!.size);
      await expect(color).toHaveValue(first!.color);
      await size.scrollIntoViewIfNeeded();
      await expect(size).toBeInViewport();
      await expect(color).toBeInViewport();
      const sizeText = (await size.locator('option:checked').textContent())!.trim();
      const colorText = (await color.locator('option:checked').textContent())!.trim();
      expect(sizeText).not.toBe('');
      expect(colorText).not.toBe('');

      const added = page.waitForResponse((res) => res.url().endsWith('/api/carts') && res.request().method() === 'POST');
      await form.getByRole('button', { name: l.addToCart }).click();
      expect((await added).status()).toBe(201);
      await page.locator('.swal2-popup:not(.swal2-hide) .swal2-confirm').click();

      await page.goto(`/dashboard/cart${q}`);
      const line = page.getByTestId('cart-line');
      await expect(line).toHaveCount(1);
      // At 1366 px the Size and Color columns; at 390 px they fold under the title.
      const seen = line.locator('.cart-table__size, .cart-table__color, .cart-table__choice').filter({ visible: true });
      await expect(seen.first()).toBeVisible();
      await expect(seen.filter({ hasText: sizeText })).not.toHaveCount(0);
      await expect(seen.filter({ hasText: colorText })).not.toHaveCount(0);
      await expect(line).not.toContainText('—');

      await page.getByRole('link', { name: l.checkout }).click();
      await expect(page.getByTestId('summary-total')).toBeVisible();
      await expect(page.locator('main')).toContainText(sizeText);
      await expect(page.locator('main')).toContainText(colorText);
      await page.getByLabel(l.name).fill('Rina Akter');
      await page.getByLabel(l.phone).fill('01712345678');
      await page.getByLabel(l.address).fill('House 5, Road 2, Dhanmondi, Dhaka');
      await chooseArea(page, 'Dhaka', 'Dhanmondi', lang);
      await page.getByLabel(l.payment).selectOption('Cash On Delivery');
      await confirmDialog(page, l.cod);
      await page.getByRole('button', { name: l.place }).click();
      await confirmDialog(page, l.confirm, l.yes);
      await confirmDialog(page, l.placed);

      await expect(page).toHaveURL(/\/dashboard\/orders/);
      const item = page.getByTestId('order').first().getByTestId('order-item');
      await expect(item).toHaveCount(1);
      await expect(item).toBeVisible();
      await expect(item).toContainText(sizeText);
      await expect(item).toContainText(colorText);
    });
  }
}

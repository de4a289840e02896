import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, fillCheckout, logIn, logOut, signUp, uniqueEmail } from './support.js';

// A customer's whole purchase and an admin's order handling, through the browser.

async function addToCart(page: Page, title: string, quantity = 1) {
  await page.goto('/allproductandcategories');
  await page.getByTestId('product-card').filter({ hasText: title }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByLabel('Quantity').fill(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await confirmDialog(page, `${title} added to your cart`);
}

async function placeOrder(page: Page) {
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(dialog(page)).toContainText('If confirm, please wait till confirmation alert.');
  await confirmDialog(page, 'Confirm Placing the order?', 'Yes, place it!');
  await confirmDialog(page, 'Order Placed');
  await expect(page).toHaveURL(/\/dashboard\/orders$/);
}

async function asAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
}

test('a customer adds two products, applies a coupon, places a cash-on-delivery order, sees it Pending, cancels it', async ({ page }) => {
  const code = `EID${Date.now() % 100000}`;
  await asAdmin(page);
  await page.goto('/dashboard/addcoupon');
  await page.getByLabel('Coupon Code').fill(code.toLowerCase());
  await expect(page.getByLabel('Coupon Code')).toHaveValue(code);
  await page.getByLabel('Discount (%)').fill('10');
  await page.getByRole('button', { name: 'Add Coupon' }).click();
  await confirmDialog(page, 'Coupon Added!');
  await page.goto('/dashboard/addcoupon');
  await page.getByLabel('Coupon Code').fill(code);
  await page.getByLabel('Discount (%)').fill('15');
  await page.getByRole('button', { name: 'Add Coupon' }).click();
  await expect(dialog(page)).toContainText('Coupon code already exists!');
  await confirmDialog(page, 'Error');
  await logOut(page);

  await signUp(page, 'Rina Akter', uniqueEmail('buyer'));
  await addToCart(page, 'Sleepy Spirit Fox Plush', 2); // 2 x 1400
  await addToCart(page, 'Premium Card Sleeves (100)'); // 450

  await page.goto('/dashboard/cart');
  await expect(page.getByText('Total Items: 3')).toBeVisible();
  await expect(page.getByText(/Total Price: 3,?250 BDT/)).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);

  // The fee is 100 until a zone is chosen; the form cannot be sent without one.
  await expect(page.getByTestId('summary-fee')).toContainText('100');
  await page.getByRole('button', { name: 'Apply' }).click();
  await confirmDialog(page, 'Enter a coupon code first!');
  await page.getByLabel('Coupon Code').fill('nope123');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog(page)).toContainText('Please enter a valid code.');
  await confirmDialog(page, 'Invalid Coupon');
  await page.getByLabel('Coupon Code').fill(code.toLowerCase());
  await expect(page.getByLabel('Coupon Code')).toHaveValue(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('summary-discount')).toContainText('325'); // 10 % of 3250

  await fillCheckout(page);
  await expect(page.getByTestId('summary-fee')).toContainText('60');
  await expect(page.getByTestId('summary-total')).toContainText(/2,?985/); // 3250 - 325 + 60
  await placeOrder(page);

  const orderCard = page.getByTestId('order').first();
  await expect(orderCard).toContainText('Pending');
  await expect(orderCard).toContainText(/2,?985 BDT/);
  await page.goto('/dashboard/cart');
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  await page.goto('/dashboard/orders');
  await orderCard.getByRole('button', { name: 'Cancel Order' }).click();
  await confirmDialog(page, 'Are you sure?', 'Yes, cancel it!');
  await expect(dialog(page)).toContainText('Your order has been cancelled.');
  await confirmDialog(page, 'Done');
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
});

test('an admin confirms an order; its customer sees Confirmed and can no longer cancel it', async ({ page }) => {
  const email = uniqueEmail('confirmed');
  await signUp(page, 'Tanvir Hasan', email);
  await page.goto('/allproductandcategories');
  await page.getByTestId('product-card').filter({ hasText: 'Chibi Dragon Plush' }).getByRole('link', { name: 'Chibi Dragon Plush' }).click();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/dashboard\/checkout$/);
  // React keeps the product page on screen until the checkout's lazy page has rendered.
  await expect(page.locator('#checkout-title')).toBeVisible();
  await expect(page.getByText('Chibi Dragon Plush')).toBeVisible();
  await fillCheckout(page);
  await placeOrder(page);
  await expect(page.getByTestId('order').first()).toContainText('Pending');
  await logOut(page);

  await asAdmin(page);
  await page.goto('/dashboard/allorders');
  const row = page.getByTestId('admin-order').filter({ hasText: email });
  await expect(row.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  await row.getByRole('button', { name: 'Confirm' }).click();
  await confirmDialog(page, 'Success: Order marked as Confirmed');
  await expect(row).toContainText('Confirmed');
  await expect(row.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeDisabled();

  await page.goto('/dashboard/audit');
  await expect(page.getByText(/Verified/)).toBeVisible();
  await logOut(page);

  await page.goto('/login');
  await logIn(page, email);
  await page.goto('/dashboard/orders');
  const mine = page.getByTestId('order').first();
  await expect(mine).toContainText('Confirmed');
  await expect(mine.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
});

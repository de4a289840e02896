import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../../playwright.config.js';
import { confirmDialog, dialog, logIn, logOut, mailsTo, password, signUp, uniqueEmail } from './support.js';

// The local provider: accounts in the shop's own database, reset mails through a real SMTP server.

test('sign up, log out, open a protected page, log in, land back on it', async ({ page }) => {
  const email = uniqueEmail('rina');
  await signUp(page, 'Rina Akter', email);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/dashboard/cart');
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  expect(token?.split('.')).toHaveLength(3);

  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Rina Akter!');
  await logOut(page);

  await page.goto('/secret');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/secret$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Secret' })).toBeVisible();
});

test('sign-up refuses a weak password with the spec dialog, and login a wrong one', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Weak');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog(page)).toContainText(
    'Your password must be at least 8 characters long and include at least one letter, one number, and one special character (e.g. @, #, $, %, !, ^, &, *).',
  );
  await confirmDialog(page, 'Invalid Password');

  // The password toggle shows and hides what was typed.
  const field = page.getByLabel('Password', { exact: true });
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(field).toHaveAttribute('type', 'text');

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(e2eAdmin.email);
  await page.getByLabel('Password', { exact: true }).fill('Not#TheOne1');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await confirmDialog(page, 'Wrong Email or Password!', 'Okay');
  await expect(page).toHaveURL(/\/login$/);
  // Google sign-in says it is not available instead of failing.
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expect(page.getByText('Google sign-in is not available on this shop')).toBeVisible();
});

test('password reset through a real SMTP server, following the link from the mail', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await signUp(page, 'Forgetful', email);
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const input = dialog(page).getByLabel('Email address');
  await input.fill('not an email');
  await dialog(page).getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog(page)).toContainText('Invalid email address');
  await input.fill(email);
  await dialog(page).getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog(page)).toContainText('Check your inbox (Spam folder also) for password reset link.');
  await confirmDialog(page, 'Email Sent');

  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailsTo(email);
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeTruthy();

  await page.goto(link ?? '');
  await page.getByLabel('New password', { exact: true }).fill('Renewed#2026');
  await page.getByLabel('Confirm new password').fill('Renewed#2026');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await confirmDialog(page, 'Password Changed');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, 'Renewed#2026');

  // The link was single use.
  await page.goto(link ?? '');
  await page.getByLabel('New password', { exact: true }).fill('Again#2026x');
  await page.getByLabel('Confirm new password').fill('Again#2026x');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(dialog(page)).toContainText('invalid, already used or expired');
});

test('menus by role; an admin makes a customer admin and deletes a user; a customer is kept out', async ({ page }) => {
  const customerEmail = uniqueEmail('nadia');
  const otherEmail = uniqueEmail('tanvir');
  await signUp(page, 'Tanvir', otherEmail);
  await logOut(page);
  await signUp(page, 'Nadia', customerEmail);

  await page.goto('/dashboard/profile');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link')).toHaveText(['Home', 'Cart', 'Orders']);
  await page.goto('/dashboard/users');
  await expect(page).toHaveURL(/\/login$/);
  await logOut(page);

  await page.goto('/login');
  await logIn(page, e2eAdmin.email, e2eAdmin.password);
  await page.goto('/dashboard/users');
  await expect(menu.getByRole('link')).toHaveText([
    'Overview',
    'Home',
    'Add Category',
    'Add Products',
    'Manage Products',
    'Users',
    'Orders',
    'Packing',
    'Take an Order',
    'Courier Cash',
    'Add Slider Image',
    'Manage Slider Images',
    'Add Coupon',
    'Manage Coupons',
    'Audit',
    'Blocked Phones',
  ]);
  const row = (email: string) => page.getByTestId('user-row').filter({ hasText: email });
  await expect(row(customerEmail)).toBeVisible();
  await expect(row(e2eAdmin.email).getByRole('button', { name: 'Make Admin' })).toHaveCount(0);

  await row(customerEmail).getByRole('button', { name: 'Make Admin' }).click();
  await confirmDialog(page, 'Make Nadia an admin?', 'Yes, make admin');
  await confirmDialog(page, 'Nadia is an Admin Now!');
  await expect(row(customerEmail).getByRole('button', { name: 'Make Admin' })).toHaveCount(0);

  await row(otherEmail).getByRole('button', { name: 'Delete' }).click();
  await expect(dialog(page)).toContainText("You won't be able to revert this!");
  await confirmDialog(page, 'Are you sure?', 'Yes, delete it!');
  await confirmDialog(page, 'Deleted');
  await expect(row(otherEmail)).toHaveCount(0);

  // The server's refusal reaches the admin as a dialog.
  await row(e2eAdmin.email).getByRole('button', { name: 'Delete' }).click();
  await confirmDialog(page, 'Are you sure?', 'Yes, delete it!');
  await expect(dialog(page)).toContainText('You cannot delete your own account.');
  await confirmDialog(page, 'Error');
});

test('a rejected token logs the user out and sends them to /login', async ({ page }) => {
  const email = uniqueEmail('expired');
  await signUp(page, 'Expired', email, password);
  await page.evaluate(() => localStorage.setItem('access-token', 'eyJhbGciOiJIUzI1NiJ9.e30.forged'));
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
});

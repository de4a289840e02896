import { expect, test } from '@playwright/test';
import { confirmDialog, dialog, emulatorResetLink, logIn, logOut, password, serveGapiShim, signUp, uniqueEmail } from './support.js';

// The Firebase provider, with the Firebase JS SDK in the page and firebase-admin in the server,
// both talking to the Firebase Auth emulator (firebase-tools).

test.beforeEach(async ({ context }) => {
  await serveGapiShim(context);
});

test('sign up and log in with email and password; the Firebase token is exchanged for the shop’s', async ({ page, request }) => {
  const email = uniqueEmail('fb-rina');
  await signUp(page, 'Rina Firebase', email);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Rina Firebase!');

  // The stored token is the shop's own session token, accepted by the server.
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  const payload = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString());
  // The page was opened anew, so the Firebase token was exchanged again once the profile
  // existed: the shop's token names the account by its id, not by the email (issue 12).
  expect(payload).toMatchObject({ iss: 'anime-shop', aud: 'anime-shop-web', prov: 'firebase' });
  expect(payload.sub).toMatch(/^[0-9a-f]{24}$/);
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).user).toMatchObject({ _id: payload.sub, email, name: 'Rina Firebase', role: 'customer' });

  await logOut(page);
  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
});

test('Google sign-in through the emulator’s popup', async ({ page }) => {
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.locator('#add-account-button').click();
  await popup.locator('#email-input').fill('kenji.google@example.com');
  await popup.locator('#display-name-input').fill('Kenji Google');
  await popup.locator('#sign-in').click();

  await confirmDialog(page, 'Login Successful');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Kenji Google!');
});

test('password reset by the provider’s mail, then log in with the new password', async ({ page }) => {
  const email = uniqueEmail('fb-forgetful');
  await signUp(page, 'Forgetful', email);
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog(page).getByLabel('Email address').fill(email);
  await dialog(page).getByRole('button', { name: 'Send reset link' }).click();
  await confirmDialog(page, 'Email Sent');

  // The emulator keeps the mail's link; it accepts the new password as a parameter.
  const link = new URL(await emulatorResetLink(email));
  link.searchParams.set('newPassword', 'Renewed#2026');
  const reset = await fetch(link);
  expect(reset.ok).toBe(true);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await confirmDialog(page, 'Wrong Email or Password!', 'Okay');
  await logIn(page, email, 'Renewed#2026');
});

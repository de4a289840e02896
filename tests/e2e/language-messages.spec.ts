import { expect, test, type Page } from '@playwright/test';

// Issue 33 point 11: "Bengali pages wait for about nine translation files loaded one after another
// after the app starts". Now a Bengali visit asks for one file holding every Bengali message, started
// by /prefetch.js beside the app's own JavaScript (not after it has run), and no page asks for more.

/**
 * The message files a page asks for (the build names them by their hash: /assets/<hash>.json), and the
 * script that asked for each (Chromium's record of the request's initiator).
 */
async function watchMessages(page: Page) {
  const seen = { messages: [] as string[], askedBy: [] as string[] };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!/\/assets\/[^/]+\.json$/.test(event.request.url)) return;
    seen.messages.push(new URL(event.request.url).pathname);
    const frames = event.initiator.stack?.callFrames ?? [];
    seen.askedBy.push(new URL(frames[0]?.url ?? event.initiator.url ?? 'about:blank').pathname);
  });
  return seen;
}

for (const path of ['/', '/allproductandcategories', '/product/:first', '/search?q=dragon', '/login']) {
  test(`a first Bengali visit to ${path} asks for one message file, before the app has arrived`, async ({ browser, baseURL, request }) => {
    let address = path;
    if (path.includes(':first')) {
      const list = (await (await request.get('/api/products?limit=1&offset=0')).json()) as Array<{ _id?: string; id?: string }>;
      const first = list[0];
      address = path.replace(':first', String(first?._id ?? first?.id));
    }
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text().slice(0, 200));
    });
    const seen = await watchMessages(page);
    await page.goto(`${address}${address.includes('?') ? '&' : '?'}lang=bn`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.messages).toHaveLength(1);
    // Asked for by /prefetch.js, which runs while the app's code is still coming, not by the app.
    expect(seen.askedBy).toEqual(['/prefetch.js']);

    // Going on to other pages (lazy ones among them) asks for no more messages.
    await page.locator('footer a[href="/about"]').click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.locator('main h1, main h2').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.goto('/policy');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await page.waitForLoadState('networkidle');
    // A full load of /policy: the stored choice (no ?lang=) also has its file asked for at once.
    expect(seen.messages).toHaveLength(2);
    expect(seen.askedBy).toEqual(['/prefetch.js', '/prefetch.js']);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('an English visit asks for no message file; switching to Bengali asks for the one file', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await context.newPage();
  const seen = await watchMessages(page);
  await page.goto('/?lang=en');
  await page.waitForLoadState('networkidle');
  expect(seen.messages).toEqual([]);
  await page.getByRole('button', { name: 'বাংলা' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.waitForLoadState('networkidle');
  expect(seen.messages).toHaveLength(1);
  // The app asked for it this time (the switch), from one of its own chunks.
  expect(seen.askedBy[0]).toMatch(/^\/assets\/.+\.js$/);
  await context.close();
});

import { expect, test } from '@playwright/test';

// Issue 33: "React error #520 (from #467 in useSyncExternalStore) shows in the console on about one
// Bengali page load in six". A lazy page's component asked for its Bengali messages in the middle of
// its first render (useT suspended); React recovered by rendering the whole root again and logged the
// error. Now a lazy page's loader brings its messages before it renders. Each load here is a first
// visit (a fresh browser context, so no stored language), across lazy pages; before the change 4 of
// 30 such loads logged the error.
test('first visits to lazy pages in Bengali log no React error', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const paths = ['/allproductandcategories?lang=bn', '/login?lang=bn', '/search?q=dragon&lang=bn', '/signup?lang=bn', '/about?lang=bn', '/policy?lang=bn'];
  const errors: string[] = [];
  for (let i = 0; i < 12; i++) {
    const path = paths[i % paths.length] as string;
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${path}: ${error.message.slice(0, 200)}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${path}: ${message.text().slice(0, 200)}`);
    });
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await context.close();
  }
  expect(errors).toEqual([]);
});

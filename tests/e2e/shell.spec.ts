import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

// Against the built production server on a fresh DATA_DIR with the demo categories
// and the default settings (tests/support/e2e-server.mjs). Other journeys may add categories
// to the same server, so these check that the demo ones are there, in their order.
const demoCategories = ['Figures', 'Trading Cards', 'Apparel', 'Posters', 'Keychains', 'Plush'];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('the home page shows the navbar and the footer with the demo categories', async ({ page }) => {
  await page.goto('/');
  const nav = mainNav(page);
  for (const [name, href] of [
    ['About Us', '/about'],
    ['Our Policy', '/policy'],
    ['Contact', '/contact'],
    ['Dashboard', '/dashboard/profile'],
    ['Log in', '/login'],
  ] as const) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  const footer = page.getByRole('contentinfo');
  const categoryLinks = footer.getByTestId('footer-categories').getByRole('link');
  await expect(categoryLinks.filter({ hasText: new RegExp(`^(${demoCategories.join('|')})$`) })).toHaveText(demoCategories);
  for (const link of await categoryLinks.all()) await expect(link).toHaveAttribute('href', '/allproductandcategories');
  for (const name of ['Return & Exchange', 'Order Issues']) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', '/policy');
  }
  for (const network of ['Facebook', 'Instagram', 'YouTube']) {
    await expect(footer.getByRole('link', { name: new RegExp(network) })).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} `);
});

test('each static page renders its content', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
  await expect(page).toHaveTitle(/About Us/);

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Contact');
  // The phone and email come from the server's settings (defaults here).
  await expect(page.getByRole('link', { name: '+880 1700-000000' })).toHaveAttribute('href', /^tel:/);
  await expect(page.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');

  await page.goto('/policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Policy' })).toBeVisible();
  for (const sentence of [
    'All sales are final, with no returns or exchanges.',
    'Wrong, defective or damaged items must be reported within 48 hours of delivery with photos.',
    'Replacement or refund applies only if the shop was at fault.',
  ]) {
    await expect(page.getByText(sentence)).toBeVisible();
  }
});

test('the navbar links lead to their pages', async ({ page }) => {
  await page.goto('/');
  await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await mainNav(page).getByRole('link', { name: 'Our Policy' }).click();
  await expect(page).toHaveURL(/\/policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Policy' })).toBeVisible();
});

test('a reload on a deep client route renders the app', async ({ page }) => {
  // An unknown product answers 404 (issue 21: crawlers must not index it), with the app all the same.
  const response = await page.goto('/product/abc');
  expect(response?.status()).toBe(404);
  await page.reload();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('footer-categories').getByRole('link', { name: 'Plush' })).toBeVisible();

  // A dashboard route is the app too: a visitor lands on the login page.
  expect((await page.goto('/dashboard/cart'))?.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test('Go Back returns to the previous page', async ({ page }) => {
  await page.goto('/contact');
  await mainNav(page).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Contact');
});

test('the page scrolls to the top on every path change', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 500 });
  await page.goto('/policy');
  // The policy page is a lazy route: scroll once it has rendered (and again until it is long enough).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.body.scrollHeight);
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(100);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the grid has 2, 3 and 4 columns at 800, 1200 and 1600 px wide', async ({ page }) => {
  await page.goto('/category/Figures'); // 7 demo products: more than 4, so every column fills
  const grid = page.getByTestId('product-grid').first();
  await expect(grid.getByRole('link').first()).toBeVisible();
  for (const [width, columns] of [
    [800, 2],
    [860, 2],
    [861, 3],
    [1200, 3],
    [1365, 3],
    [1366, 4],
    [1600, 4],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    const tracks = await grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.trim().split(/\s+/).length);
    expect(tracks, `${width}px`).toBe(columns);
    // And the cards really sit in that many columns.
    const lefts = await grid.evaluate((el) => new Set([...el.children].map((c) => Math.round(c.getBoundingClientRect().left))).size);
    expect(lefts, `${width}px cards`).toBe(columns);
  }
});

test('the narrow-screen menu opens and closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const toggle = mainNav(page).getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await mainNav(page).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('the shell has no serious accessibility violations', async ({ page }) => {
  for (const path of ['/', '/about', '/contact', '/policy', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('footer-categories')).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path}: ${v.id} ${v.help} (${v.nodes.length})`)).toEqual([]);
  }
});

test('the app runs under the CSP with no console errors', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/');
  await expect(page.getByTestId('footer-categories').getByRole('link', { name: 'Plush' })).toBeVisible();
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'support@example.com' })).toBeVisible();
  expect(problems).toEqual([]);
});

import { expect, test } from '@playwright/test';

// The API reference page against the built production server: Scalar's bundle as the build
// copied it next to the server (the image has no dev dependencies), the document from
// /api/openapi.json, inside the page's own CSP. Nothing may leave the server's origin: no CDN,
// no web fonts, no telemetry.

test('/api/docs renders the document from this server only, without a CSP violation', async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  const inFlight = new Set<unknown>();
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) elsewhere.push(request.url());
    inFlight.add(request);
  });
  page.context().on('requestfinished', (request) => inFlight.delete(request));
  page.context().on('requestfailed', (request) => inFlight.delete(request));
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const answer = await page.goto('/api/docs');
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-security-policy']).toContain("default-src 'none'");

  // The document's title, then a route's summary and path, as its contract declares them.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('API', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Catalogue', exact: true }).or(page.getByText('Catalogue', { exact: true })).first().click();
  await expect(page.getByText('Search, filter, sort and page the products').first()).toBeVisible();
  await expect(page.getByText('/api/products/{id}').first()).toBeAttached();
  // Settled: whatever the page loads lazily has been asked for and answered. (Not 'networkidle':
  // the reference keeps a connection of its own open on a busy machine, and the test would wait
  // for it forever; what matters is that every request made so far went to this server.)
  await expect.poll(() => inFlight.size, { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(1_000);

  expect(elsewhere, 'requests that left the server').toEqual([]);
  expect(problems, 'CSP violations and page errors').toEqual([]);
});

test('/api/openapi.json is the document the page shows', async ({ request }) => {
  const res = await request.get('/api/openapi.json');
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toContain('/api/orders/{id}/events');
});

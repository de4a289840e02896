import { e2eAdmin, e2eDemoShops, e2ePorts } from '../../playwright.config.js';

/**
 * The shop answers /api/health at once and draws its demo catalogue just after (src/main.ts), then
 * places its demo orders (issue 17), so Playwright's webServer check alone would let a journey see
 * an empty shop. Before any journey: wait until each demo shop started (local, postgres: the
 * others run with DEMO_DATA=false) lists the demo products and banners and holds its demo orders
 * (bounded: 90 s in all).
 */
export default async function waitForDemoShops() {
  const deadline = Date.now() + 90_000;
  const waitFor = async (port: number, what: string, ready: () => Promise<boolean>) => {
    while (!(await ready().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`the shop on port ${port} has no ${what} after 90 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };
  const ports = e2eDemoShops.map((shop) => e2ePorts[shop]);
  for (const port of ports) {
    await waitFor(port, 'demo catalogue', async () => {
      const lists = await Promise.all(['/api/products?limit=1', '/api/sliders'].map((path) => fetch(`http://127.0.0.1:${port}${path}`)));
      return (await Promise.all(lists.map(async (res) => res.ok && ((await res.json()) as unknown[]).length > 0))).every(Boolean);
    });
  }
  // Demo orders are placed one by one right after the catalogue: wait until the count stops growing.
  for (const port of ports) {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(e2eAdmin) });
    const { token } = (await login.json()) as { token: string };
    let last = -1;
    await waitFor(port, 'demo orders', async () => {
      const res = await fetch(`${base}/api/allOrders?limit=1`, { headers: { authorization: `Bearer ${token}` } });
      const count = Number(res.headers.get('x-total-count') ?? '0');
      const settled = count > 0 && count === last;
      last = count;
      if (!settled) await new Promise((resolve) => setTimeout(resolve, 750));
      return settled;
    });
  }
}

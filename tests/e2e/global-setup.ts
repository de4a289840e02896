import { e2ePorts } from '../../playwright.config.js';

/**
 * The shop answers /api/health at once and draws its demo catalogue just after (src/main.ts), so
 * Playwright's webServer check alone would let a journey see an empty shop. Before any journey:
 * wait until each shop server lists the demo products and banners (bounded: one minute).
 */
export default async function waitForDemoCatalogues() {
  const deadline = Date.now() + 60_000;
  for (const port of [e2ePorts.local, e2ePorts.firebase, e2ePorts.postgres]) {
    for (;;) {
      const ready = await Promise.all(
        ['/api/products?limit=1', '/api/sliders'].map(async (path) => {
          const res = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
          return res?.ok ? ((await res.json()) as unknown[]).length > 0 : false;
        }),
      );
      if (ready.every(Boolean)) break;
      if (Date.now() > deadline) throw new Error(`the shop on port ${port} has no demo catalogue after a minute`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

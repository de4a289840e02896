import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const reactRouterDist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

// The SPA is served by the shop's own server in production (same origin, no CORS);
// in development the Vite server proxies /api to it.
export default defineConfig(({ command }) => ({
  root: webRoot,
  plugins: [react()],
  resolve: {
    // react-router's package exports resolve to its development build under every condition; the build
    // takes its production build (the same code without the development warnings): less JS for `/`.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}dom-export.mjs` },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // Read by tests/performance/web-budget.test.ts: the JS that `/` loads before it is interactive.
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: '127.0.0.1',
    proxy: {
      '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
      '/uploads': `http://127.0.0.1:${process.env.PORT ?? 3000}`,
    },
  },
}));

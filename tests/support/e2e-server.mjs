// Starts the built server (dist/main.js) on an empty DATA_DIR, as a first start would.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
if (!existsSync('dist/main.js') || !existsSync('web/dist/index.html')) {
  console.error('e2e: the app is not built; run `npm run build` first');
  process.exit(1);
}
await import(resolve('dist/main.js'));

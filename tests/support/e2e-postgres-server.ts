// The built server (dist/main.js) on PostgreSQL, for the browser journeys' postgres project
// (issue 14): a throwaway cluster of its own (tests/support/postgres.ts, stopped with this process),
// an empty database, then the server's first start on it.
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startPostgres } from './postgres.js';

const dataDir = resolve(process.env.DATA_DIR ?? '.tmp/e2e-postgres');
rmSync(dataDir, { recursive: true, force: true });
if (!existsSync('dist/main.js') || !existsSync('web/dist/index.html')) {
  console.error('e2e: the app is not built; run `npm run build` first');
  process.exit(1);
}
process.env.DATABASE_URL = (await startPostgres({ fsync: false })).url;
// Playwright ends its servers with SIGTERM: the shop drains and exits, and startPostgres's exit hook
// (and its watchdog, should this process be killed) stops the cluster.
await import(resolve('dist/main.js'));

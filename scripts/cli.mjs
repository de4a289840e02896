// `npm run admin -- ...`, `npm run audit:verify`, `npm run backup [file]`, `npm run restore <file>` and
// `npm run move-to-postgres [-- <file.db>]`: the shop's commands, run against DATA_DIR (or DATABASE_URL).
import { at, buildServerIfNeeded } from './build-if-needed.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !/^[a-z-]+$/.test(name)) {
  console.error('usage: node scripts/cli.mjs <admin|audit-verify|backup|restore|move-to-postgres> [arguments]');
  process.exit(2);
}
buildServerIfNeeded();
process.argv = [process.argv[0] ?? 'node', at('dist', 'cli', `${name}.js`), ...args];
await import(at('dist', 'cli', `${name}.js`));

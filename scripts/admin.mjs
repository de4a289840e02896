// `npm run admin -- promote <email>`: the admin commands, run against DATA_DIR.
import { at, buildServerIfNeeded } from './build-if-needed.mjs';

buildServerIfNeeded();
await import(at('dist', 'cli', 'admin.js'));

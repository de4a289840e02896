// Builds a part of the shop when its output is missing or older than its sources. Used by
// `npm start` and the admin commands. In the Docker image the build is present and no sources
// are, so nothing is built there.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const at = (...p) => join(root, ...p);

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0);
}

function build(script, output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = sources.some((s) => newest(at(s)) > built);
  if (built && !changed) return;
  console.log(`running \`npm run ${script}\` (${built ? 'sources changed' : 'not built yet'})`);
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export const buildServerIfNeeded = () => build('build:server', at('dist', 'main.js'), ['src', 'tsconfig.server.json']);
export const buildWebIfNeeded = () =>
  build('build:web', at('web', 'dist', 'index.html'), ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public']);

import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// No Docker engine runs here, so the image's commands are checked against the scripts: the
// image must build with `npm run build`, start with what `npm start` runs, and contain every
// file that start needs.
const dockerfile = readFileSync('Dockerfile', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };

const serverFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? serverFiles(join(dir, e.name)) : /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );

describe('Dockerfile', () => {
  it('builds with npm run build and keeps production dependencies only', () => {
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('starts with the command npm start runs, as a non-root user, with a volume and a health check', () => {
    // The same command, heap budget included: `<glibc settings> node <V8 flags> scripts/start.mjs`.
    const start = /^((?:MALLOC_\w+=\$\{MALLOC_\w+:-\d+\} )*)node((?: --[\w-]+=\d+)*) scripts\/start\.mjs$/.exec(pkg.scripts.start ?? '');
    expect(start, 'npm start runs [MALLOC_X=${MALLOC_X:-n} ...] node [flags] scripts/start.mjs').not.toBeNull();
    const flags = (start?.[2] ?? '').trim().split(' ').filter(Boolean);
    // The image's environment sets the glibc settings npm start defaults to (decision 047).
    const mallocSettings = [...(start?.[1] ?? '').matchAll(/(MALLOC_\w+)=\$\{\1:-(\d+)\}/g)].map((m) => [m[1], m[2]]);
    expect(mallocSettings.map(([name]) => name)).toEqual(['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_']);
    for (const [name, value] of mallocSettings) expect(dockerfile).toMatch(new RegExp(`^\\s+${name}=${value}\\b`, 'm'));
    expect(flags).toContain('--max-old-space-size=96');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(['node', ...flags, 'scripts/start.mjs']);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    // Issue 38: the image is healthy when the shop is ready (database, migrations, outbox, order log), as compose asks too.
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/readyz'/);
    expect(readFileSync('compose.yaml', 'utf8')).toMatch(/healthcheck:\n\s+test: \[.*\/readyz'/);
  });

  it('runs with production dependencies only: every package the server imports is one', () => {
    const imported = new Set<string>();
    for (const file of [...serverFiles('src'), 'scripts/start.mjs', 'scripts/build-if-needed.mjs', 'scripts/cli.mjs']) {
      for (const m of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^'"]*from '([^'.][^']*)'/gm)) {
        const spec = m[1] as string;
        if (spec.startsWith('node:') || builtinModules.includes(spec)) continue;
        imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
      }
    }
    expect(imported.size).toBeGreaterThan(5);
    expect([...imported].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  it('copies every script that the start and admin commands import', () => {
    const copied = new Set([...dockerfile.matchAll(/\/app\/scripts\/([\w.-]+\.mjs)/g)].map((m) => m[1]));
    const needed = new Set(['start.mjs', 'cli.mjs']);
    for (const file of [...needed]) {
      for (const m of readFileSync(`scripts/${file}`, 'utf8').matchAll(/from '\.\/([\w.-]+\.mjs)'/g)) needed.add(m[1] as string);
    }
    expect([...needed].filter((f) => !copied.has(f))).toEqual([]);
    for (const dir of ['dist', 'web/dist', 'migrations', 'node_modules', 'assets']) expect(dockerfile).toContain(`/app/${dir} ./${dir}`);
  });
});

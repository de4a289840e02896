import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// No Docker engine runs here, so the image's commands are checked against the scripts: the
// image must build with `npm run build`, start with what `npm start` runs, and contain every
// file that start needs.
const dockerfile = readFileSync('Dockerfile', 'utf8');
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

describe('Dockerfile', () => {
  it('builds with npm run build and keeps production dependencies only', () => {
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('starts with the command npm start runs, as a non-root user, with a volume and a health check', () => {
    expect(pkg.scripts.start).toBe('node scripts/start.mjs');
    expect(dockerfile).toMatch(/CMD \["node", "scripts\/start\.mjs"\]/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
  });

  it('copies every script that the start and admin commands import', () => {
    const copied = new Set([...dockerfile.matchAll(/\/app\/scripts\/([\w.-]+\.mjs)/g)].map((m) => m[1]));
    const needed = new Set(['start.mjs', 'cli.mjs']);
    for (const file of [...needed]) {
      for (const m of readFileSync(`scripts/${file}`, 'utf8').matchAll(/from '\.\/([\w.-]+\.mjs)'/g)) needed.add(m[1] as string);
    }
    expect([...needed].filter((f) => !copied.has(f))).toEqual([]);
    for (const dir of ['dist', 'web/dist', 'migrations', 'node_modules']) expect(dockerfile).toContain(`/app/${dir} ./${dir}`);
  });
});

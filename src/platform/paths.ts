import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found from this file whether it runs as TypeScript from
 * src/ (tests, dev) or compiled from dist/ (production), so migrations and web/dist resolve.
 */
export function projectRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${from}`);
    dir = parent;
  }
  return dir;
}

export const migrationsDir = () => join(projectRoot(), 'migrations');
export const webDistDir = () => join(projectRoot(), 'web', 'dist');

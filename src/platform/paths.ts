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

/** Each dialect has its own drizzle-kit output: the SQL and the snapshots differ (decision 022). */
export const migrationsDir = () => join(projectRoot(), 'migrations', 'sqlite');
export const postgresMigrationsDir = () => join(projectRoot(), 'migrations', 'postgres');
export const webDistDir = () => join(projectRoot(), 'web', 'dist');

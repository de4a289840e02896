import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Secrets = { sessionSecret: string };

type GivenSecrets = { SESSION_SECRET?: string | undefined; NODE_ENV: string; DATA_DIR: string };

/**
 * Secrets that are given win. Otherwise, outside production, they are generated once into
 * DATA_DIR/secrets.json (mode 600) so a fresh start just works and tokens survive restarts.
 * In production a missing secret is an error: a self-hoster must choose and back it up.
 */
export function resolveSecrets(given: GivenSecrets): { ok: true; secrets: Secrets } | { ok: false; message: string } {
  if (given.SESSION_SECRET) return { ok: true, secrets: { sessionSecret: given.SESSION_SECRET } };
  if (given.NODE_ENV === 'production') {
    return {
      ok: false,
      message: 'Missing setting SESSION_SECRET: required in production (at least 32 random characters, e.g. `openssl rand -hex 32`)',
    };
  }
  const file = join(given.DATA_DIR, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    if (typeof stored.sessionSecret === 'string' && stored.sessionSecret.length >= 32) {
      return { ok: true, secrets: { sessionSecret: stored.sessionSecret } };
    }
  }
  const secrets: Secrets = { sessionSecret: randomBytes(32).toString('hex') };
  mkdirSync(given.DATA_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return { ok: true, secrets };
}

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSecrets } from './secrets.js';

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'shop-secrets-'));
  dirs.push(d);
  return join(d, 'data');
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('resolveSecrets', () => {
  it('generates a secret once into DATA_DIR and reuses it on the next start', () => {
    const DATA_DIR = freshDir();
    const first = resolveSecrets({ NODE_ENV: 'development', DATA_DIR });
    const second = resolveSecrets({ NODE_ENV: 'development', DATA_DIR });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.secrets.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.secrets.sessionSecret).toBe(first.secrets.sessionSecret);
    const file = join(DATA_DIR, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).sessionSecret).toBe(first.secrets.sessionSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('prefers a given secret', () => {
    const r = resolveSecrets({ NODE_ENV: 'production', DATA_DIR: freshDir(), SESSION_SECRET: 's'.repeat(40) });
    expect(r.ok && r.secrets.sessionSecret).toBe('s'.repeat(40));
  });

  it('refuses to invent one in production, naming the setting', () => {
    const r = resolveSecrets({ NODE_ENV: 'production', DATA_DIR: freshDir() });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^Missing setting SESSION_SECRET/);
  });
});

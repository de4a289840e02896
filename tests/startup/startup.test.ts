import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Starts the real composition root (src/main.ts through tsx) as a child process.
const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('start-up settings', () => {
  it.each([
    [{ PORT: 'abc' }, 'Invalid setting PORT: must be a port number (got "abc")'],
    [{ NODE_ENV: 'staging' }, 'Invalid setting NODE_ENV:'],
    [{ DEMO_DATA: 'perhaps' }, 'Invalid setting DEMO_DATA: must be true or false'],
    [{ SHOP_EMAIL: 'nobody' }, 'Invalid setting SHOP_EMAIL: must be an email address'],
    [{ NODE_ENV: 'production' }, 'Missing setting SESSION_SECRET: required in production'],
  ])('%o stops the server with one line naming the setting', async (env, expected) => {
    const p = start(env);
    expect(await p.exited).toBe(1);
    const lines = p.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(expected);
    expect(p.out()).not.toContain('listening');
  });

  it('starts on defaults, answers health, and stops cleanly on SIGTERM', async () => {
    const p = start({});
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${p.out()} ${p.err()}`)), 20_000);
      p.child.stdout.on('data', () => {
        const m = /"url":"(http:[^"]+)"/.exec(p.out());
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(p.out()).toContain('"msg":"demo catalogue inserted","categories":6');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.out()).toContain('"msg":"stopped"');
  });
});

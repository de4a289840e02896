import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Starts the real composition root (src/main.ts through tsx) as a child process.
const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-start-'));
  dataDirs.push(dir);
  return dir;
};

function start(env: Record<string, string>, dataDir = freshDataDir()) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = () =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line: ${stdout} ${stderr}`)), 20_000);
      const check = () => {
        const m = /"url":"(http:[^"]+)"/.exec(stdout);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', check);
      check();
    });
  /**
   * Waits for a line of stdout (at most 75 s: the demo pictures take seconds on a slow machine, and
   * 37 s on CI's two cores shared with the browser lane).
   */
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`never printed ${text}: ${stdout} ${stderr}`)), 75_000);
      const check = () => {
        if (!stdout.includes(text)) return;
        clearTimeout(timer);
        resolve();
      };
      child.stdout.on('data', check);
      check();
    });
  const stop = async () => {
    child.kill('SIGTERM');
    return exited;
  };
  return { child, exited, listening, printed, stop, out: () => stdout, err: () => stderr, dataDir };
}

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('start-up settings', () => {
  it.each([
    [{ PORT: 'abc' }, 'Invalid setting PORT: must be a port number (got "abc")'],
    [{ NODE_ENV: 'staging' }, 'Invalid setting NODE_ENV:'],
    [{ DEMO_DATA: 'perhaps' }, 'Invalid setting DEMO_DATA: must be true or false'],
    [{ SHOP_EMAIL: 'nobody' }, 'Invalid setting SHOP_EMAIL: must be an email address'],
    [{ NODE_ENV: 'production' }, 'Missing setting SESSION_SECRET: required in production'],
    [{ AUTH_PROVIDER: 'firebase' }, 'Missing setting FIREBASE_PROJECT_ID: required when AUTH_PROVIDER=firebase'],
    [{ AUTH_PROVIDER: 'okta' }, 'Invalid setting AUTH_PROVIDER:'],
    [{ ADMIN_PASSWORD: 'Secret#123' }, 'Missing setting ADMIN_EMAIL: required when ADMIN_PASSWORD is set'],
    [
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      'Invalid setting FIREBASE_AUTH_EMULATOR_HOST: must not be set in production',
    ],
  ])('%o stops the server with one line naming the setting', async (env, expected) => {
    const p = start(env);
    expect(await p.exited).toBe(1);
    const lines = p.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(expected);
    expect(p.out()).not.toContain('listening');
  });

  it('starts on defaults, prints a demo admin once, answers health, and stops cleanly on SIGTERM', { timeout: 180_000 }, async () => {
    const p = start({});
    const url = await p.listening();
    // The demo catalogue is drawn after the server listens: health answers (and the catalogue
    // reads empty) until its one transaction commits.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    // The built server's probes (issue 38): ready at once, its outbox worker started.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${url}/readyz`)).json()).toMatchObject({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, outbox: { ok: true }, orderLog: { ok: true } } });
    await p.printed('demo catalogue inserted');
    expect(p.out()).toContain(`"msg":"demo catalogue inserted","categories":6,"products":40,"banners":3`);
    expect(((await (await fetch(`${url}/api/products`)).json()) as unknown[]).length).toBe(40);
    const password = /password: (\S+)/.exec(p.out())?.[1];
    expect(p.out()).toContain('email:    admin@shop.local');
    const res = await login(url, 'admin@shop.local', password ?? '');
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
    expect(await p.stop()).toBe(0);
    expect(p.out()).toContain('"msg":"stopped"');

    // The second start on the same data keeps the admin and prints nothing.
    const again = start({}, p.dataDir);
    await again.listening();
    expect(again.out()).not.toContain('password:');
    expect(again.out()).not.toContain('demo catalogue inserted');
    expect(await again.stop()).toBe(0);
  });

  it('makes sure of ADMIN_EMAIL with ADMIN_PASSWORD at start', async () => {
    const p = start({ ADMIN_EMAIL: 'Owner@Shop.test', ADMIN_PASSWORD: 'Owner#Pass1' });
    const url = await p.listening();
    expect(p.out()).not.toContain('password:');
    const res = await login(url, 'owner@shop.test', 'Owner#Pass1');
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('admin');
    await p.stop();
  });
});

describe('ADMIN_EMAIL without ADMIN_PASSWORD', () => {
  it('does not promote an existing customer account, says what to do, and keeps running', async () => {
    const first = start({ DEMO_DATA: 'false' });
    const firstUrl = await first.listening();
    const signUp = await fetch(`${firstUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mallory', email: 'boss@shop.test', password: 'Mallory#2026' }),
    });
    expect(signUp.status).toBe(201);
    await first.stop();

    const p = start({ DEMO_DATA: 'false', ADMIN_EMAIL: 'Boss@Shop.test' }, first.dataDir);
    const url = await p.listening();
    const said = p.out() + p.err();
    expect(said).toContain('ADMIN_PASSWORD');
    expect(said).toContain('npm run admin -- promote');
    const res = await login(url, 'boss@shop.test', 'Mallory#2026');
    expect(((await res.json()) as { user: { role: string } }).user.role).toBe('customer');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await p.stop()).toBe(0);
  });
});

describe('admin CLI', () => {
  it('promotes an existing user, and says so when there is none', async () => {
    const p = start({ DEMO_DATA: 'false' });
    const url = await p.listening();
    await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rina', email: 'rina@example.com', password: 'Sakura#2026' }),
    });
    await p.stop();

    const admin = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: p.dataDir },
        encoding: 'utf8',
      });
    const promoted = admin('promote', 'RINA@example.com');
    expect(promoted.status).toBe(0);
    expect(promoted.stdout).toContain('RINA@example.com is an admin now.');
    expect(admin('promote', 'rina@example.com').stdout).toContain('was already an admin');
    const missing = admin('promote', 'nobody@example.com');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('No user with the email nobody@example.com');
    expect(admin().status).toBe(2);
  });
});

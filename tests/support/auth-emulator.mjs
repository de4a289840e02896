// Starts the Firebase Auth emulator from firebase-tools on loopback, for tests. Used by the API
// tests (import startAuthEmulator) and by Playwright as a web server (run this file directly).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** @param {{ projectId: string, port: number }} options */
export async function startAuthEmulator({ projectId, port }) {
  const dir = mkdtempSync(join(tmpdir(), 'auth-emulator-'));
  const config = join(dir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', config], {
    cwd: dir,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));

  const host = `127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the auth emulator exited: ${output}`);
    try {
      const res = await fetch(`http://${host}/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the auth emulator did not start within 60 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    host,
    projectId,
    /**
     * A call of the emulator's Identity Toolkit REST API (`accounts:<method>`: signUp, update,
     * signInWithPassword), as the Firebase JS SDK makes it in the browser; a failure throws its answer.
     */
    async accounts(method, body) {
      const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (!res.ok) throw new Error(JSON.stringify(answer));
      return answer;
    },
    /** Removes every account, between tests. */
    async clear() {
      await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, { method: 'DELETE' });
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// As a Playwright web server: `node tests/support/auth-emulator.mjs <projectId> <port>`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [projectId = 'demo-shop', port = '9099'] = process.argv.slice(2);
  const emulator = await startAuthEmulator({ projectId, port: Number(port) });
  console.log(`auth emulator ready on ${emulator.host}`);
  const stop = () => emulator.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

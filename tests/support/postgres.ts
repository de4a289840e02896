import { execFile, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/**
 * A throwaway PostgreSQL server for one test file (issue 14): Debian's programs, a cluster made by
 * initdb in a temporary folder, listening on 127.0.0.1 only (and a unix socket in that folder),
 * trust authentication, locale C (text compares byte by byte, as SQLite's does). fsync stays on, as
 * in production. `stop()` shuts it down and deletes the folder; should the test process die first,
 * an exit hook and a watchdog process stop it instead, so no postmaster outlives its tests.
 */
export type PostgresCluster = {
  /** The database `shop`, created empty. */
  url: string;
  port: number;
  /** The temporary folder: the cluster's data, its unix socket and server.log. */
  dir: string;
  /** The URL of another database of this cluster (the superuser `postgres`, no password). */
  urlOf(database: string, user?: string): string;
  /**
   * A new database: empty, or a copy of `template` (CREATE DATABASE ... TEMPLATE, quicker than
   * migrating again). Nobody may be connected to the template meanwhile. Answers its URL.
   */
  createDatabase(options?: { template?: string; name?: string }): Promise<string>;
  /** Runs SQL as the superuser on the `postgres` database (creating roles, say). */
  admin(sql: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** pg_ctl stop -m fast, then deletes the folder. Safe to call twice. */
  stop(): Promise<void>;
};

const debianRoot = '/usr/lib/postgresql';

/** The newest installed version's bin folder, or PG_BIN. */
export function postgresBinDir(root = debianRoot, override = process.env.PG_BIN): string {
  if (override) return override;
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(`PostgreSQL's server programs (initdb, pg_ctl) are not in ${root}/<version>/bin: install Debian's postgresql package (apt-get install postgresql; .ci/run does), or set PG_BIN to their folder`);
  }
  return join(root, versions[0], 'bin');
}

// initdb and postgres refuse to run as root: as root, the cluster belongs to the postgres user.
const asRoot = process.getuid?.() === 0;
const serverUser = () => {
  try {
    return { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) };
  } catch {
    throw new Error('running as root, the test PostgreSQL server needs the `postgres` OS user (Debian\'s postgresql package creates it)');
  }
};

function run(program: string, args: string[], cwd: string): Promise<string> {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { cwd, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${program.split('/').pop()} ${args.join(' ')} failed: ${(stderr || stdout || error.message).trim()}`));
      else resolve(stdout);
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const tail = (file: string, lines = 20) => (existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n') : '(no server log)');

const postmasterPid = (dataDir: string): number | undefined => {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Stops the server if this process dies without calling stop(): SIGQUIT is PostgreSQL's immediate
 * shutdown. A detached shell is the net for deaths no exit hook sees (SIGKILL, a crashed worker).
 */
function safetyNet(dir: string, dataDir: string) {
  const onExit = () => {
    const pid = postmasterPid(dataDir);
    if (pid) {
      try {
        process.kill(pid, 'SIGQUIT');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', onExit);
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
pid=$(head -n 1 '${dataDir}/postmaster.pid' 2>/dev/null) && [ -n "$pid" ] && kill -QUIT "$pid" 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -e '${dataDir}/postmaster.pid' ] || break; sleep 0.5; done
rm -rf '${dir}'`;
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return () => {
    process.off('exit', onExit);
    if (watchdog.pid) {
      try {
        process.kill(-watchdog.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  };
}

async function connectWhenReady(url: string, log: string): Promise<pg.Client> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (e) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`the test PostgreSQL server did not accept connections within 30 s (${e instanceof Error ? e.message : String(e)}); its log ends:\n${tail(log)}`, { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

let databases = 0;

export async function startPostgres(options: { fsync?: boolean; maxConnections?: number } = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'shop-pg-'));
  const dataDir = join(dir, 'data');
  const log = join(dir, 'server.log');
  if (asRoot) {
    const { uid, gid } = serverUser();
    chownSync(dir, uid, gid);
    try {
      execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir], { cwd: '/' });
    } catch {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`the postgres user cannot reach ${dir}: set TMPDIR to a folder every user can traverse, such as /tmp`);
    }
  }
  let disarm: () => void = () => {};
  let adminClient: pg.Client | undefined;
  try {
    // --no-sync: initdb's own files need no flush for a cluster that dies with the test run.
    await run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '--no-sync'], dir);
    disarm = safetyNet(dir, dataDir);
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      appendFileSync(
        join(dataDir, 'postgresql.conf'),
        [
          '',
          '# the test harness (tests/support/postgres.ts)',
          "listen_addresses = '127.0.0.1'",
          `port = ${port}`,
          `unix_socket_directories = '${dir}'`,
          `max_connections = ${options.maxConnections ?? 40}`,
          'shared_buffers = 32MB',
          `fsync = ${options.fsync === false ? 'off' : 'on'}`,
          '',
        ].join('\n'),
      );
      try {
        await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', log, '-w', '-t', '30', 'start'], dir);
        break;
      } catch (e) {
        // Another process took the port between freePort() and the server's bind: try another.
        if (attempt < 3 && /could not (bind|create any TCP\/IP sockets)|already in use/i.test(tail(log))) continue;
        throw new Error(`${e instanceof Error ? e.message : String(e)}\nserver log:\n${tail(log)}`, { cause: e });
      }
    }
    const urlOf = (database: string, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
    const client = (adminClient = await connectWhenReady(urlOf('postgres'), log));
    // The server going away under it (stop, a crash) must not become an unhandled 'error' event.
    client.on('error', () => {});
    const admin = (sql: string, params?: unknown[]) => client.query(sql, params);
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

    const createDatabase: PostgresCluster['createDatabase'] = async ({ template, name } = {}) => {
      const database = name ?? `test_${process.pid}_${++databases}`;
      const sql = `CREATE DATABASE ${quote(database)}${template ? ` TEMPLATE ${quote(template)}` : ''}`;
      for (let attempt = 1; ; attempt++) {
        try {
          await admin(sql);
          return urlOf(database);
        } catch (e) {
          // A pool just closed may still be leaving the template: PostgreSQL refuses a busy one.
          const busy = e instanceof Error && /is being accessed by other users/.test(e.message);
          if (!busy || attempt >= 20) throw new Error(`${sql} failed: ${e instanceof Error ? e.message : String(e)}${busy ? ' (close every connection to the template first)' : ''}`, { cause: e });
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };

    const url = await createDatabase({ name: 'shop' });
    let stopped: Promise<void> | undefined;
    const stop = () =>
      (stopped ??= (async () => {
        await client.end().catch(() => {});
        try {
          await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop'], dir);
        } finally {
          disarm();
          rmSync(dir, { recursive: true, force: true });
        }
      })());
    return { url, port, dir, urlOf, createDatabase, admin, stop };
  } catch (e) {
    // Started halfway: stop what runs and leave no folder behind, then say what went wrong.
    await adminClient?.end().catch(() => {});
    const pid = postmasterPid(dataDir);
    if (pid) await run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], dir).catch(() => {});
    disarm();
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * One cluster for the test file: started before its tests, stopped after them. Read `cluster()`
 * inside tests and hooks (it throws before beforeAll ran).
 */
export function usePostgres(options: { fsync?: boolean } = {}): () => PostgresCluster {
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    cluster = await startPostgres(options);
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);
  return () => {
    if (!cluster) throw new Error('usePostgres: the cluster starts in beforeAll; read it inside a test or a hook');
    return cluster;
  };
}

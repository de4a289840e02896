/**
 * What the shop's commands need of PostgreSQL beyond the driver (issue 14): its client programs
 * (pg_dump, pg_restore), run without the password on their command line, and a look at who else
 * is connected.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const debianRoot = '/usr/lib/postgresql';

/**
 * pg_dump or pg_restore: on PATH (Debian's /usr/bin ones pick the newest installed version), else
 * the newest /usr/lib/postgresql/<version>/bin. Null when PostgreSQL's client programs are absent.
 */
export function findPostgresProgram(name: 'pg_dump' | 'pg_restore'): string | null {
  if (!spawnSync(name, ['--version'], { stdio: 'ignore' }).error) return name;
  const versions = existsSync(debianRoot) ? readdirSync(debianRoot).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = join(debianRoot, version, 'bin', name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this version
    }
  }
  return null;
}

export const missingProgram = (name: string) =>
  `${name} is not installed: PostgreSQL backups need PostgreSQL's client programs, at least the server's version ` +
  '(Debian and Ubuntu: apt-get install postgresql-client; the Docker image has them).';

/** `postgres://user@host:port/db`: the URL without its password, for messages. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Runs a PostgreSQL client program against `url`; rejects with the end of its stderr. The password
 * goes in a passfile (mode 600, removed after), named in the URL the program gets: it never shows
 * in the process list, and the environment is left alone.
 */
export async function runPostgresProgram(program: string, url: string, args: string[]): Promise<string> {
  const u = new URL(url);
  u.searchParams.set('application_name', 'anime-card-shop-cli');
  const folder = u.password ? mkdtempSync(join(tmpdir(), 'shop-pg-')) : null;
  if (folder) {
    const escape = (text: string) => text.replace(/[\\:]/g, (c) => `\\${c}`);
    writeFileSync(join(folder, 'passfile'), `*:*:*:*:${escape(decodeURIComponent(u.password))}\n`, { mode: 0o600 });
    u.password = '';
    u.searchParams.set('passfile', join(folder, 'passfile'));
  }
  try {
    return await new Promise((resolve, reject) => {
      const child = spawn(program, [...args, `--dbname=${u.toString()}`], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        if (code === 0) resolve(out);
        else reject(new Error(err.trim() || `${program} ended with ${signal ?? `status ${code}`}`));
      });
    });
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

/** Lists an archive's table of contents (`pg_restore --list`); rejects when it is not a readable custom-format dump. */
export function listArchive(pgRestore: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgRestore, ['--list', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err.trim() || `pg_restore --list ended with status ${code}`))));
  });
}

/** A single connection for a command's own look at the database (not the shop's pool). */
export async function connectOnce(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'anime-card-shop-cli', options: '-c TimeZone=UTC' });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/**
 * Shop processes connected to this database: openPostgres names its connections `anime-card-shop`
 * (the commands' own are `anime-card-shop-cli`). pg_stat_activity shows every role's
 * application_name, so a server running as another role is seen too.
 */
export async function shopConnections(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'anime-card-shop' and pid <> pg_backend_pid()",
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** The order log's head row as recorded, or null when the database has no shop tables yet. */
export async function readHead(client: pg.Client): Promise<{ eventCount: number; lastHash: string; keyedFrom: number | null } | null> {
  const exists = await client.query<{ ok: boolean }>("select to_regclass('public.order_log_head') is not null as ok");
  if (!exists.rows[0]?.ok) return null;
  const result = await client.query<{ event_count: string; last_hash: string; keyed_from: string | null }>('select event_count, last_hash, keyed_from from order_log_head where id = 1');
  const row = result.rows[0];
  return row ? { eventCount: Number(row.event_count), lastHash: row.last_hash, keyedFrom: row.keyed_from === null ? null : Number(row.keyed_from) } : null;
}

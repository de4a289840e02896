import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresBinDir, startPostgres } from '../support/postgres.js';

// The throwaway PostgreSQL server the PostgreSQL tests start (issue 14): it runs, clones databases,
// and leaves no postmaster and no folder behind, even when the test process is killed.

/** Running, not merely a zombie: pg_ctl's postmaster is reparented, and reaped whenever init gets to it. */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};
const postmasterOf = (dir: string) => Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

async function until(condition: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return condition();
}

describe('the test PostgreSQL server', () => {
  it('starts on loopback with fsync on and byte-order text, clones a database from a template, and stops without a trace', async () => {
    const cluster = await startPostgres();
    const pid = postmasterOf(cluster.dir);
    try {
      expect(alive(pid)).toBe(true);
      expect(cluster.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/shop$/);
      const [settings] = await query(cluster.url, "select current_setting('listen_addresses') as listen, current_setting('fsync') as fsync, current_setting('lc_collate') as collate, current_database() as db");
      expect(settings).toEqual({ listen: '127.0.0.1', fsync: 'on', collate: 'C', db: 'shop' });

      await query(cluster.url, "create table kept (v text); insert into kept values ('from the template')");
      const copy = await cluster.createDatabase({ template: 'shop' });
      expect(await query(copy, 'select v from kept')).toEqual([{ v: 'from the template' }]);
      const empty = await cluster.createDatabase();
      expect(await query(empty, "select count(*)::int as n from pg_tables where tablename = 'kept'")).toEqual([{ n: 0 }]);
    } finally {
      await cluster.stop();
    }
    expect(alive(pid)).toBe(false);
    expect(existsSync(cluster.dir)).toBe(false);
    await cluster.stop();
  });

  it('is stopped and removed by its watchdog when the test process is killed outright', async () => {
    const script = `const { startPostgres } = await import(${JSON.stringify(join(import.meta.dirname, '../support/postgres.ts'))});
const c = await startPostgres();
console.log(JSON.stringify({ dir: c.dir }));
setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0] as string);
      });
      child.once('exit', (code) => reject(new Error(`the child exited (${code}) before starting PostgreSQL: ${out}`)));
    });
    const { dir } = JSON.parse(line) as { dir: string };
    const pid = postmasterOf(dir);
    expect(alive(pid)).toBe(true);
    child.kill('SIGKILL');
    expect(await until(() => !alive(pid), 15_000), 'the postmaster outlived its test process').toBe(true);
    expect(await until(() => !existsSync(dir), 10_000), 'the cluster folder outlived its test process').toBe(true);
  });

  it('finds the newest installed version, and says what to install when there is none', () => {
    expect(postgresBinDir(undefined, '')).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/);
    expect(() => postgresBinDir('/nonexistent/postgresql', '')).toThrow(/not in \/nonexistent\/postgresql\/<version>\/bin: install Debian's postgresql package \(apt-get install postgresql/);
  });
});

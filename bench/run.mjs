#!/usr/bin/env node
// `npm run bench`: bench/server.mjs (SQLite), then bench/postgres.ts (PostgreSQL, issue 14), each
// given the flags after `--` (npm appends them to the script's last command only, hence this file).
// Both run even when the first reports a failure, so a missed target does not hide the other's
// figures; the exit code is the first non-zero one. An interrupted first run stops here.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const run = (argv) => spawnSync(process.execPath, [...argv, ...args], { cwd: root, stdio: 'inherit' });

// `--scale large` (issue 20): bench/large.ts alone, over a shop a hundred times the size.
const scale = args.indexOf('--scale');
// With `--engine postgres`: bench/large-postgres.ts, the same shop moved to PostgreSQL, 1 and 3 processes.
if (scale !== -1 && args[scale + 1] === 'large') {
  const engine = args.indexOf('--engine');
  const onPostgres = engine !== -1 && args[engine + 1] === 'postgres';
  const large = run(['--import', 'tsx', onPostgres ? 'bench/large-postgres.ts' : 'bench/large.ts']);
  process.exit(large.signal ? 130 : (large.status ?? 1));
}

const sqlite = run(['bench/server.mjs']);
if (sqlite.signal || sqlite.status === 130) process.exit(130);
const postgres = run(['--import', 'tsx', 'bench/postgres.ts']);
if (postgres.signal) process.exit(130);
process.exit(sqlite.status || postgres.status || 0);

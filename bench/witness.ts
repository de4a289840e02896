/**
 * The head witness's cost (decision 049), by hand: `npx tsx bench/witness.ts [--seconds 3]`.
 * In one run, on files in one temporary folder (the same disk): g, one-row SQLite commits a second
 * with openDatabase's pragmas (synchronous=FULL: one WAL fsync each); w, witness appends a second
 * (createHeadWitness.record one after another: open, write, fdatasync, close, off the main
 * thread); and g+w, a commit followed by its witness append, as an order's answer waits for both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHeadWitness } from '../src/modules/audit/index.js';
import { openDatabase } from '../src/platform/sqlite.js';

const i = process.argv.indexOf('--seconds');
const seconds = i > 0 ? Number(process.argv[i + 1]) : 3;
const dir = mkdtempSync(join(tmpdir(), 'bench-witness-'));
const hash = 'a'.repeat(64);
try {
  const handle = openDatabase(join(dir, 'shop.db'));
  handle.sqlite.exec('create table if not exists commits (id integer primary key, v text not null)');
  const insert = handle.sqlite.prepare('insert into commits (v) values (?)');
  const commit = handle.sqlite.transaction((v: string) => insert.run(v));
  const witness = createHeadWitness(join(dir, 'head.witness'));
  let count = 0;
  const rate = async (step: () => Promise<void> | void) => {
    const end = performance.now() + seconds * 1000;
    let n = 0;
    while (performance.now() < end) {
      await step();
      n++;
    }
    return Math.round(n / seconds);
  };
  const g = await rate(() => void commit('x'));
  const w = await rate(() => witness.record({ eventCount: ++count, lastHash: hash }));
  const both = await rate(async () => {
    commit('x');
    await witness.record({ eventCount: ++count, lastHash: hash });
  });
  const gAfter = await rate(() => void commit('x'));
  handle.close();
  console.log(JSON.stringify({ g: Math.round((g + gAfter) / 2), gBefore: g, gAfter, w, 'g+w': both, compactions: witness.stats().compactions }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

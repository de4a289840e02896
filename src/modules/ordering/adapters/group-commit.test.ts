import Database from 'better-sqlite3';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase, type SqliteDatabase } from '../../../platform/database.js';
import type { DbHandle } from '../../../platform/sqlite.js';
import { err, ok, type Result } from '../../../shared/result.js';
import { createGroupCommit, type GroupCommitOptions } from './group-commit.js';

let dir: string;
let handle: DbHandle;
let database: SqliteDatabase;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
  database = openSqliteDatabase(join(dir, 'shop.db'));
  handle = database.handle;
  handle.sqlite.exec('create table rows (id integer primary key, v integer not null)');
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A schedule the test releases by hand: batches run only when it says so. */
function byHand() {
  const due: Array<() => void> = [];
  const schedule: NonNullable<GroupCommitOptions['schedule']> = (flush) => void due.push(flush);
  return { schedule, due, release: () => due.splice(0).forEach((flush) => flush()) };
}

/** Tracks how each promise settled, without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const seen: { state: 'pending' | 'resolved' | 'rejected'; value?: T; reason?: unknown } = { state: 'pending' };
  promise.then(
    (value) => Object.assign(seen, { state: 'resolved', value }),
    (reason: unknown) => Object.assign(seen, { state: 'rejected', reason }),
  );
  return seen;
}

const flushMicrotasks = () => new Promise((resolve) => setImmediate(resolve));
const rows = () => handle.sqlite.prepare('select v from rows order by id').pluck().all() as number[];
const insert = (v: number) => handle.sqlite.prepare('insert into rows (v) values (?)').run(v);
const seenRows = () => handle.sqlite.prepare('select count(*) from rows').pluck().get() as number;

type Kind = 'ok' | 'err' | 'throw';
/** A unit that writes first, then succeeds, fails with a value, or throws; it answers what it saw. */
const unit = (kind: Kind, v: number) => async (): Promise<Result<{ v: number; before: number }, { code: string }>> => {
  const before = seenRows();
  insert(v);
  if (kind === 'throw') throw new Error(`unit ${v} broke`);
  return kind === 'ok' ? ok({ v, before }) : err({ code: `refused-${v}` });
};

describe('group commit', () => {
  it('answers a batch only after its end step settled (the head witness, decision 049), while the next batch runs', async () => {
    const hand = byHand();
    const released: Array<() => void> = [];
    const seenAtEnd: number[] = [];
    const commits = createGroupCommit(database, () => null, {
      schedule: hand.schedule,
      // Inside the transaction: what the batch wrote; after COMMIT: held until the test releases it.
      end: async () => {
        seenAtEnd.push(seenRows());
        return () => new Promise<void>((resolve) => released.push(resolve));
      },
    });
    const first = watch(commits.run(unit('ok', 1)));
    const second = watch(commits.run(unit('ok', 2)));
    hand.release();
    await flushMicrotasks();
    expect(seenAtEnd).toEqual([2]);
    expect(rows()).toEqual([1, 2]); // committed
    expect([first.state, second.state]).toEqual(['pending', 'pending']); // but not answered
    const third = watch(commits.run(unit('ok', 3)));
    hand.release();
    await flushMicrotasks();
    expect(seenAtEnd).toEqual([2, 3]); // the next batch did not wait for the first one's end step
    released.shift()?.();
    await flushMicrotasks();
    expect([first.state, second.state, third.state]).toEqual(['resolved', 'resolved', 'pending']);
    released.shift()?.();
    await flushMicrotasks();
    expect(third.state).toBe('resolved');
  });

  it('runs queued units in one transaction, answers none before COMMIT, and undoes only the failing ones', async () => {
    const hand = byHand();
    const commits = createGroupCommit(database, () => null, { schedule: hand.schedule });
    const kinds: Kind[] = ['ok', 'err', 'ok', 'throw', 'ok'];
    const seen = kinds.map((kind, i) => watch(commits.run(unit(kind, i))));
    await flushMicrotasks();
    expect(seen.every((s) => s.state === 'pending')).toBe(true);
    expect(commits.stats()).toEqual({ pending: 5, batches: 0, units: 0 });
    expect(hand.due).toHaveLength(1);

    hand.release();
    await flushMicrotasks();
    expect(commits.stats()).toEqual({ pending: 0, batches: 1, units: 5 });
    expect(rows()).toEqual([0, 2, 4]);
    // Later units saw the earlier successful ones, not the undone ones.
    expect(seen.map((s) => (s.state === 'resolved' ? s.value : s.state))).toEqual([
      ok({ v: 0, before: 0 }),
      err({ code: 'refused-1' }),
      ok({ v: 2, before: 1 }),
      'rejected',
      ok({ v: 4, before: 2 }),
    ]);
    expect(String(seen[3]?.reason)).toMatch(/unit 3 broke/);
    expect(handle.sqlite.inTransaction).toBe(false);
  });

  it('a unit answered is committed: another connection sees its write when the promise settles', async () => {
    const commits = createGroupCommit(database, () => null);
    const other = new Database(join(dir, 'shop.db'), { readonly: true });
    try {
      const visible = await Promise.all(
        Array.from({ length: 10 }, (_, i) => commits.run(unit('ok', i)).then(() => other.prepare('select count(*) from rows where v = ?').pluck().get(i))),
      );
      expect(visible).toEqual(Array(10).fill(1));
    } finally {
      other.close();
    }
  });

  it('when COMMIT fails, every unit of the batch fails and nothing is stored', async () => {
    // A deferred foreign key is checked at COMMIT: a real way to make the COMMIT itself fail.
    handle.sqlite.exec('create table parents (id integer primary key); create table children (parent integer references parents(id) deferrable initially deferred)');
    const hand = byHand();
    const commits = createGroupCommit(database, () => null, { schedule: hand.schedule });
    const good = [0, 1, 2].map((i) => watch(commits.run(unit('ok', i))));
    const breaker = watch(
      commits.run(async () => {
        handle.sqlite.prepare('insert into children (parent) values (42)').run();
        return ok('written');
      }),
    );
    hand.release();
    await flushMicrotasks();
    for (const s of [...good, breaker]) {
      expect(s.state).toBe('rejected');
      expect(String(s.reason)).toMatch(/FOREIGN KEY constraint failed/);
    }
    expect(rows()).toEqual([]);
    expect(handle.sqlite.prepare('select count(*) from children').pluck().get()).toBe(0);
    expect(handle.sqlite.inTransaction).toBe(false);

    // The connection is usable again, and the next batch commits.
    const after = watch(commits.run(unit('ok', 7)));
    hand.release();
    await flushMicrotasks();
    expect(after.state).toBe('resolved');
    expect(rows()).toEqual([7]);
  });

  it('when another connection holds the write lock beyond busy_timeout, the batch answers 503-unavailable and writes nothing', async () => {
    handle.sqlite.pragma('busy_timeout = 20');
    const other = new Database(join(dir, 'shop.db'));
    try {
      other.exec('BEGIN IMMEDIATE');
      const hand = byHand();
      const commits = createGroupCommit(database, () => null, { schedule: hand.schedule });
      const seen = [0, 1].map((i) => watch(commits.run(unit('ok', i))));
      hand.release();
      await flushMicrotasks();
      for (const s of seen) expect(s).toMatchObject({ state: 'resolved', value: { ok: false, error: { code: 'http/unavailable' } } });
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect(rows()).toEqual([]);
  });

  it('caps a batch at maxBatch and runs the rest in the next one', async () => {
    const hand = byHand();
    const commits = createGroupCommit(database, () => null, { schedule: hand.schedule, maxBatch: 2 });
    const seen = [0, 1, 2, 3, 4].map((i) => watch(commits.run(unit('ok', i))));
    hand.release();
    await flushMicrotasks();
    expect(seen.map((s) => s.state)).toEqual(['resolved', 'resolved', 'pending', 'pending', 'pending']);
    expect(commits.stats()).toEqual({ pending: 3, batches: 1, units: 2 });
    // One batch at a time: the next is scheduled when the one running ends.
    hand.release();
    await flushMicrotasks();
    hand.release();
    await flushMicrotasks();
    expect(seen.every((s) => s.state === 'resolved')).toBe(true);
    expect(commits.stats()).toEqual({ pending: 0, batches: 3, units: 5 });
    expect(rows()).toEqual([0, 1, 2, 3, 4]);
  });

  it('property: whatever the mix of units and batch boundaries, the store holds exactly the successful units, in order, and each caller gets its own outcome', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.constantFrom<Kind>('ok', 'ok', 'err', 'throw'), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 6 }),
        async (groups, maxBatch) => {
          handle.sqlite.exec('delete from rows');
          const hand = byHand();
          const commits = createGroupCommit(database, () => null, { schedule: hand.schedule, maxBatch });
          const all: Array<{ kind: Kind; v: number; seen: ReturnType<typeof watch<Result<unknown, unknown>>> }> = [];
          let v = 0;
          for (const group of groups) {
            for (const kind of group) all.push({ kind, v, seen: watch(commits.run(unit(kind, v++))) });
            await flushMicrotasks();
            expect(all.filter((u) => u.seen.state !== 'pending').length).toBe(commits.stats().units);
            hand.release();
          }
          await flushMicrotasks(); // the batch the last release started
          for (let turn = 0; turn < 100 && (hand.due.length > 0 || commits.stats().pending > 0); turn++) {
            hand.release();
            await flushMicrotasks();
          }

          const expected = all.filter((u) => u.kind === 'ok').map((u) => u.v);
          expect(rows()).toEqual(expected);
          let okBefore = 0;
          for (const u of all) {
            if (u.kind === 'throw') expect(u.seen.state).toBe('rejected');
            else if (u.kind === 'err') expect(u.seen.value).toEqual(err({ code: `refused-${u.v}` }));
            else expect(u.seen.value).toEqual(ok({ v: u.v, before: okBefore++ }));
          }
          expect(commits.stats().pending).toBe(0);
          expect(handle.sqlite.inTransaction).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});

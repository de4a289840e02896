import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeTagFor, incrementChangeVersion, readChangeVersion, recordChangeIn } from '../../src/platform/change-versions.js';
import { postgresDatabase } from '../../src/platform/database.js';
import { createSharedChangeTag } from '../../src/platform/http/change-tag.js';
import { openPostgres, runPostgresMigrations, type PostgresHandle } from '../../src/platform/postgres.js';
import { createRateLimiter, type RateLimiter } from '../../src/platform/rate-limit.js';
import { createPgRateLimiter, createPgSignInLimiter } from '../../src/platform/shared-limits.js';
import { createSignInLimiter, type SignInLimiter } from '../../src/platform/sign-in-limiter.js';
import { movableClock } from '../support/test-app.js';
import { usePostgres } from '../support/postgres.js';

// Issue 14, decision 026: what shop processes share besides the modules' data. Two pools on one
// database stand for two processes: a limit is one limit across them, windows roll over and are
// swept in bounded batches, the PostgreSQL limiters answer exactly as the in-memory ones do, and a
// change version bumped through one pool reaches the other's tag within its poll interval.

const cluster = usePostgres();
let one: PostgresHandle;
let two: PostgresHandle;

beforeAll(async () => {
  one = openPostgres(cluster().url);
  two = openPostgres(cluster().url);
  await runPostgresMigrations(one);
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

/** A small seeded generator (mulberry32): the same run on every machine; `random(n)` is 0..n-1. */
function seeded(seed: number) {
  let a = seed;
  return (n: number) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

const rowsOf = async (scope: string) =>
  (await one.pool.query<{ key: string; hits: number; start: string }>('select key, hits, window_start::text as start from limit_windows where scope = $1 order by key', [scope])).rows;
const countRows = async (scope: string, where = 'true', params: unknown[] = []) =>
  Number((await one.pool.query<{ n: string }>(`select count(*) as n from limit_windows where scope = $1 and ${where}`, [scope, ...params])).rows[0]?.n);

describe('rate limits shared through PostgreSQL', () => {
  it('two processes share one limit exactly: N hits allowed in total, the next refused in either', async () => {
    const time = movableClock();
    const options = { scope: 'test:shared', limit: 25, windowMs: 60_000, clock: time.clock };
    const limiters = [createPgRateLimiter(one.db, options), createPgRateLimiter(two.db, options)];
    const verdicts = await Promise.all(Array.from({ length: 200 }, (_, i) => (limiters[i % 2] as RateLimiter).hit('buyer@example.com')));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(25);
    for (const limiter of limiters) {
      expect(await limiter.hit('buyer@example.com')).toEqual({ allowed: false, retryAfterSeconds: 60 });
      expect((await limiter.peek('buyer@example.com')).allowed).toBe(false);
    }
    // The first refusal is counted (limit + 1, so peek sees it); the refused flood after it is not.
    expect((await rowsOf('test:shared')).map((r) => r.hits)).toEqual([26]);

    time.advance(30_000);
    expect(await limiters[1]?.hit('buyer@example.com')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // The window rolls over in the same statement: a new one starts at the next hit.
    time.advance(30_000);
    expect((await limiters[1]?.hit('buyer@example.com'))?.allowed).toBe(true);
    expect((await limiters[0]?.peek('buyer@example.com'))?.allowed).toBe(true);
    expect((await rowsOf('test:shared')).map((r) => [r.hits, r.start])).toEqual([[1, '2026-01-01 00:01:00+00']]);

    await limiters[0]?.reset('buyer@example.com');
    expect(await countRows('test:shared')).toBe(0);
  });

  it('stores a hash of the key: a long key makes a row no bigger', async () => {
    const limiter = createPgRateLimiter(one.db, { scope: 'test:long', limit: 1, windowMs: 60_000, clock: movableClock().clock });
    await limiter.hit(`login:email:${'x'.repeat(100_000)}@example.com`);
    const [row] = await rowsOf('test:long');
    expect(row?.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers as the in-memory limiter does, hit for hit, through a random run of hits, peeks, resets and time', async () => {
    const time = movableClock();
    const options = { limit: 3, windowMs: 10_000, clock: time.clock };
    const memory = createRateLimiter(options);
    const shared = [createPgRateLimiter(one.db, { ...options, scope: 'test:parity' }), createPgRateLimiter(two.db, { ...options, scope: 'test:parity' })];
    const random = seeded(7);
    const seen = { allowed: 0, refused: 0 };
    for (let i = 0; i < 400; i++) {
      const key = `k${random(4)}`;
      const op = random(10);
      const db = shared[random(2)] as RateLimiter;
      if (op < 6) {
        const verdict = await memory.hit(key);
        expect(await db.hit(key), `#${i} hit ${key}`).toEqual(verdict);
        seen[verdict.allowed ? 'allowed' : 'refused'] += 1;
      }
      else if (op < 8) expect(await db.peek(key), `#${i} peek ${key}`).toEqual(await memory.peek(key));
      else if (op < 9) await Promise.all([db.reset(key), memory.reset(key)]);
      else time.advance(1_000 * (1 + random(5)));
    }
    expect(seen.allowed).toBeGreaterThan(50);
    expect(seen.refused).toBeGreaterThan(50);
  });

  it('deletes ended windows in batches of 1,000 as hits come, and never a live one', async () => {
    const time = movableClock();
    const options = { scope: 'test:sweep', limit: 5, windowMs: 60_000, clock: time.clock };
    const limiter = createPgRateLimiter(one.db, options);
    for (let start = 0; start < 2_500; start += 250) await Promise.all(Array.from({ length: 250 }, (_, i) => limiter.hit(`stranger-${start + i}`)));
    expect(await countRows('test:sweep')).toBe(2_500);

    time.advance(60_000);
    const ended = () => countRows('test:sweep', "window_start <= $2::timestamptz", [new Date(time.clock.now().getTime() - 60_000).toISOString()]);
    // Each hit starts at most one sweep of at most 1,000 rows; a full batch makes the next hit sweep again.
    for (const left of [1_500, 500, 0]) {
      await limiter.hit('regular');
      await vi.waitFor(async () => expect(await ended()).toBe(left), { timeout: 5_000 });
    }
    expect(await rowsOf('test:sweep')).toEqual([expect.objectContaining({ hits: 3 })]);
    // The sweep done, the next ones wait a minute of the shop's clock.
    time.advance(60_000);
    await limiter.hit('second');
    await vi.waitFor(async () => expect(await countRows('test:sweep')).toBe(1), { timeout: 5_000 });
    expect(await limiter.peek('second')).toEqual({ allowed: true });
  });
});

describe('sign-in limits shared through PostgreSQL', () => {
  const limits = { perPair: 3, perAddress: 8, slowDownAfter: 6, slowDownMs: 5_000, windowMs: 60_000 };

  it('parallel guesses through two processes pass exactly the limits, and refused ones write nothing', async () => {
    const time = movableClock();
    const limiters = [createPgSignInLimiter(one.db, { ...limits, clock: time.clock, scope: 'test:guess' }), createPgSignInLimiter(two.db, { ...limits, clock: time.clock, scope: 'test:guess' })];
    const begin = (i: number, email: string, address: string) => (limiters[i % 2] as SignInLimiter).begin(email, address);
    const pair = await Promise.all(Array.from({ length: 40 }, (_, i) => begin(i, 'owner@example.com', '10.0.0.1')));
    expect(pair.filter((v) => v.allowed)).toHaveLength(3);
    // perAddress counts distinct emails (issue 40): the owner's is one of the 8.
    const spray = await Promise.all(Array.from({ length: 40 }, (_, i) => begin(i, `someone${i}@example.com`, '10.0.0.1')));
    expect(spray.filter((v) => v.allowed)).toHaveLength(7);

    const before = await one.pool.query('select scope, key, hits, window_start from limit_windows order by scope, key');
    for (let i = 0; i < 50; i++) expect((await begin(i, `late${i}@example.com`, '10.0.0.1')).allowed).toBe(false);
    expect((await one.pool.query('select scope, key, hits, window_start from limit_windows order by scope, key')).rows).toEqual(before.rows);
    // The address's rows: its own and one per email in its set.
    expect(await limiters[0]?.stats()).toMatchObject({ pairs: { entries: 8 }, addresses: { entries: 9 }, emails: { entries: 8 } });

    // A success through the other process forgives this address's failures for the email, and takes it out of the address's set.
    const someone = `someone${spray.findIndex((v) => v.allowed)}@example.com`;
    await limiters[1]?.end(someone, '10.0.0.1', 'succeeded');
    expect((await begin(0, 'owner@example.com', '10.0.0.1')).allowed).toBe(false);
    expect((await begin(0, someone, '10.0.0.1')).allowed).toBe(true);
    // Back in the set (full again): it may go on up to its own limit, a new email may not.
    expect((await begin(1, someone, '10.0.0.1')).allowed).toBe(true);
    expect((await begin(1, 'new@example.com', '10.0.0.1')).allowed).toBe(false);
  });

  it('shares the slow-down slot per email: one try per slowDownMs from the addresses that failed, wherever they land', async () => {
    const time = movableClock();
    const [a, b] = [createPgSignInLimiter(one.db, { ...limits, clock: time.clock, scope: 'test:slow' }), createPgSignInLimiter(two.db, { ...limits, clock: time.clock, scope: 'test:slow' })];
    for (const address of ['10.1.0.1', '10.1.0.2']) for (let i = 0; i < 3; i++) expect((await a.begin('owner@example.com', address)).allowed).toBe(true);
    // 6 failures for the email: a clean address is let through, once it has failed it is slowed.
    expect((await b.begin('owner@example.com', '10.1.0.3')).allowed).toBe(true);
    const taken = await Promise.all([a.begin('owner@example.com', '10.1.0.3'), b.begin('owner@example.com', '10.1.0.3')]);
    expect(taken.filter((v) => v.allowed)).toHaveLength(1);
    expect(taken.find((v) => !v.allowed)).toEqual({ allowed: false, retryAfterSeconds: 5 });
    time.advance(2_000);
    expect(await a.begin('owner@example.com', '10.1.0.3')).toEqual({ allowed: false, retryAfterSeconds: 3 });
    time.advance(3_000);
    expect((await b.begin('owner@example.com', '10.1.0.3')).allowed).toBe(true);
  });

  it('answers as the in-memory limiter does, attempt for attempt, through a random run of logins and time', async () => {
    const time = movableClock();
    const memory = createSignInLimiter({ ...limits, clock: time.clock });
    const shared = [createPgSignInLimiter(one.db, { ...limits, clock: time.clock, scope: 'test:sign-in-parity' }), createPgSignInLimiter(two.db, { ...limits, clock: time.clock, scope: 'test:sign-in-parity' })];
    const random = seeded(11);
    const seen = { allowed: 0, slowed: 0, windowFull: 0 };
    for (let i = 0; i < 600; i++) {
      const email = `e${random(3)}@example.com`;
      const address = `10.2.0.${random(5)}`;
      const db = shared[random(2)] as SignInLimiter;
      const op = random(20);
      if (op < 16) {
        const verdict = await memory.begin(email, address);
        expect(await db.begin(email, address), `#${i} ${email} from ${address}`).toEqual(verdict);
        if (!verdict.allowed) {
          seen[verdict.retryAfterSeconds <= 5 ? 'slowed' : 'windowFull'] += 1;
          continue;
        }
        seen.allowed += 1;
        if (random(6) === 0) await Promise.all([memory.end(email, address, 'succeeded'), db.end(email, address, 'succeeded')]);
      } else time.advance(op === 19 ? 30_000 : 1_000 * random(4));
    }
    // The run exercised every rule, not only the happy path.
    expect(seen.allowed).toBeGreaterThan(100);
    expect(seen.slowed).toBeGreaterThan(20);
    expect(seen.windowFull).toBeGreaterThan(20);
  });

  it('answers as the in-memory limiter does when addresses fill their sets of failed emails (issue 40)', async () => {
    const time = movableClock();
    const small = { ...limits, perAddress: 2 };
    const memory = createSignInLimiter({ ...small, clock: time.clock });
    const shared = [createPgSignInLimiter(one.db, { ...small, clock: time.clock, scope: 'test:sign-in-sets' }), createPgSignInLimiter(two.db, { ...small, clock: time.clock, scope: 'test:sign-in-sets' })];
    const random = seeded(23);
    const seen = { allowed: 0, refused: 0, succeeded: 0 };
    for (let i = 0; i < 300; i++) {
      const email = `e${random(5)}@example.com`;
      const address = `10.3.0.${random(2)}`;
      const db = shared[random(2)] as SignInLimiter;
      const op = random(20);
      if (op < 17) {
        const verdict = await memory.begin(email, address);
        expect(await db.begin(email, address), `#${i} ${email} from ${address}`).toEqual(verdict);
        seen[verdict.allowed ? 'allowed' : 'refused'] += 1;
        if (verdict.allowed && random(4) === 0) {
          seen.succeeded += 1;
          await Promise.all([memory.end(email, address, 'succeeded'), db.end(email, address, 'succeeded')]);
        }
      } else time.advance(op === 19 ? 40_000 : 1_000 * random(4));
    }
    expect(seen.allowed).toBeGreaterThan(50);
    expect(seen.refused).toBeGreaterThan(50);
    expect(seen.succeeded).toBeGreaterThan(10);
  });
});


describe('a change version shared through PostgreSQL', () => {
  it('a write committed through one process reaches the other\'s tag within its poll interval; the writer sees it at once', async () => {
    const pollMs = 200;
    const tags = [one, two].map((h) => createSharedChangeTag({ read: () => readChangeVersion(h.db, 'test-catalogue'), pollMs }));
    try {
      await Promise.all(tags.map((t) => t.ready));
      const [writer, other] = tags as [(typeof tags)[0], (typeof tags)[0]];
      expect(writer.current()).toBe('W/"0"');
      expect(other.current()).toBe(writer.current());

      const version = await one.db.transaction((tx) => incrementChangeVersion(tx, 'test-catalogue'));
      const committed = performance.now();
      writer.bump();
      expect(writer.current()).not.toBe('W/"0"');
      await vi.waitFor(() => expect(other.current()).toBe(`W/"${version}"`), { timeout: 5_000, interval: 5 });
      // Within a poll or so: a tag that did not poll (or polled every few seconds) fails here; the
      // second of slack is for CI's two loaded cores, where timers fire late.
      expect(performance.now() - committed).toBeLessThan(pollMs + 1_000);
      // The same version is the same tag in every process.
      await vi.waitFor(() => expect(writer.current()).toBe(`W/"${version}"`), { timeout: 2_000, interval: 5 });
    } finally {
      tags.forEach((t) => t.stop());
    }
  });

  it('changeTagFor and recordChangeIn: a change recorded in a write\'s transaction reaches another process\'s tag', async () => {
    const [writer, other] = [postgresDatabase(one), postgresDatabase(two)];
    const tags = [changeTagFor(writer, 'test-neutral', { pollMs: 100 }), changeTagFor(other, 'test-neutral', { pollMs: 100 })] as const;
    try {
      await vi.waitFor(() => expect(tags[1].current()).toBe('W/"0"'), { timeout: 2_000, interval: 5 });
      await writer.transaction((tx) => recordChangeIn(tx, 'test-neutral'));
      tags[0].bump();
      const version = await readChangeVersion(one.db, 'test-neutral');
      expect(version).toBeGreaterThan(0);
      await vi.waitFor(() => expect(tags.map((t) => t.current())).toEqual([`W/"${version}"`, `W/"${version}"`]), { timeout: 2_000, interval: 5 });
    } finally {
      tags.forEach((t) => t.stop());
    }
  });

  it('never reuses a version, even after the row went back (a restored backup)', async () => {
    const first = await incrementChangeVersion(one.db, 'test-restore');
    expect(first).toBeGreaterThanOrEqual(Date.now() - 60_000);
    const second = await incrementChangeVersion(two.db, 'test-restore');
    expect(second).toBeGreaterThan(first);
    await one.pool.query("update change_versions set version = 5 where name = 'test-restore'");
    expect(await readChangeVersion(two.db, 'test-restore')).toBe(5);
    expect(await incrementChangeVersion(two.db, 'test-restore')).toBeGreaterThan(second);
    expect(await readChangeVersion(one.db, 'never-written')).toBe(0);
  });
});

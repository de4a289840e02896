/**
 * Rate and sign-in limits shared by every shop process (issue 14, decision 026). On SQLite one
 * process serves the shop and the limiters count in memory (rate-limit.ts, sign-in-limiter.ts);
 * on PostgreSQL they count in `limit_windows` rows, so a limit is one limit however many processes
 * the load balancer spreads a stranger's attempts over. Same rules, same answers on both.
 *
 * A row is one fixed window of one key: `key` is the SHA-256 of the caller's key (long emails and
 * made-up addresses make rows no bigger), times come from the shop's clock (processes on several
 * machines need synchronised clocks, as they do for everything else), and a row whose window has
 * ended is deleted in batches of at most 1,000 as limits are hit, so rows are bounded by the keys
 * seen in one window.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../shared/clock.js';
import type { PgQueryable, ShopDatabase } from './database.js';
import { limitWindows } from './pg-schema.js';
import { createRateLimiter, refusedUntil, type RateLimiter, type RateLimitOptions, type Verdict } from './rate-limit.js';
import { createSignInLimiter, type SignInLimiter, type SignInLimits, type SignInLimitStats } from './sign-in-limiter.js';

type SharedOptions = {
  /** Names the limiter's rows; two limiters must not share one. */
  scope: string;
  /** A failed sweep of ended windows (PostgreSQL); the limits still hold, rows wait for the next sweep. */
  onError?: (e: unknown) => void;
};

/**
 * A rate limiter for this database: in memory on SQLite, shared rows on PostgreSQL.
 */
export function rateLimiterFor(database: ShopDatabase, options: RateLimitOptions & SharedOptions): RateLimiter {
  return database.engine === 'postgres' ? createPgRateLimiter(database.handle.db, options) : createRateLimiter(options);
}

/** The sign-in limiter for this database: in memory on SQLite, shared rows on PostgreSQL. */
export function signInLimiterFor(database: ShopDatabase, options: SignInLimits & { clock: Clock } & SharedOptions): SignInLimiter {
  return database.engine === 'postgres' ? createPgSignInLimiter(database.handle.db, options) : createSignInLimiter(options);
}

const hashed = (key: string) => createHash('sha256').update(key).digest('hex');

/** Rows deleted per statement when windows have ended. */
const sweepBatch = 1_000;
/** How often a limiter looks for ended windows, unless its last look found a full batch. */
const sweepEveryMs = 60_000;

type Row = { windowStart: Date; hits: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Deletes up to `sweepBatch` rows of `scope` whose window ended before `cut`; the number deleted.
 * SKIP LOCKED: rows a sign-in transaction holds are left for the next sweep, so a sweep never
 * waits while holding locks (no deadlock with the limiters' transactions).
 */
async function sweepEndedWindows(db: PgQueryable, scope: string, cut: number): Promise<number> {
  const ended = sql`${limitWindows.windowStart} <= ${iso(cut)}::timestamptz`;
  const deleted = await db
    .delete(limitWindows)
    .where(
      and(
        eq(limitWindows.scope, scope),
        // Checked again on the locked row: one rolled over meanwhile is a live window and stays.
        ended,
        sql`(${limitWindows.scope}, ${limitWindows.key}) in (select ${limitWindows.scope}, ${limitWindows.key} from ${limitWindows} where ${eq(limitWindows.scope, scope)} and ${ended} limit ${sweepBatch} for update skip locked)`,
      ),
    )
    .returning({ key: limitWindows.key });
  return deleted.length;
}

/**
 * Sweeps the scopes' ended windows at most once a minute by the shop's clock, after a hit and
 * without holding it up; again at the next hit while a batch comes back full, so deleting keeps
 * pace with a flood of new keys.
 */
function createSweeper(db: PgQueryable, clock: Clock, scopes: Array<{ scope: string; windowMs: number }>, onError: (e: unknown) => void) {
  let due = 0;
  let running = false;
  return () => {
    const now = clock.now().getTime();
    if (running || now < due) return;
    running = true;
    due = now + sweepEveryMs;
    void (async () => {
      try {
        for (const { scope, windowMs } of scopes) {
          if ((await sweepEndedWindows(db, scope, now - windowMs)) === sweepBatch) due = 0;
        }
      } catch (e) {
        onError(e);
      } finally {
        running = false;
      }
    })();
  };
}

async function readWindow(db: PgQueryable, scope: string, key: string): Promise<Row | undefined> {
  const rows = await db
    .select({ windowStart: limitWindows.windowStart, hits: limitWindows.hits })
    .from(limitWindows)
    .where(and(eq(limitWindows.scope, scope), eq(limitWindows.key, key)));
  return rows[0];
}

/**
 * One attempt counted in the key's window, rolled over to a new window starting `now` when the
 * old one ended; with `cap`, only while the window holds fewer than `cap` hits (else nothing is
 * written and undefined comes back). One statement, so processes counting at once never lose a hit.
 */
async function countHit(db: PgQueryable, scope: string, key: string, now: number, windowMs: number, cap?: number): Promise<Row | undefined> {
  const ended = sql`${limitWindows.windowStart} <= ${iso(now - windowMs)}::timestamptz`;
  const rows = await db
    .insert(limitWindows)
    .values({ scope, key, windowStart: new Date(now), hits: 1 })
    .onConflictDoUpdate({
      target: [limitWindows.scope, limitWindows.key],
      set: {
        windowStart: sql`case when ${ended} then ${iso(now)}::timestamptz else ${limitWindows.windowStart} end`,
        hits: sql`case when ${ended} then 1 else ${limitWindows.hits} + 1 end`,
      },
      ...(cap === undefined ? {} : { setWhere: sql`${ended} or ${limitWindows.hits} < ${cap}` }),
    })
    .returning({ windowStart: limitWindows.windowStart, hits: limitWindows.hits });
  return rows[0];
}

/** The PostgreSQL twin of createRateLimiter: the same fixed windows, counted in shared rows. */
export function createPgRateLimiter(db: PgQueryable, options: RateLimitOptions & SharedOptions): RateLimiter {
  const { scope, limit, windowMs, clock } = options;
  const sweep = createSweeper(db, clock, [{ scope, windowMs }], options.onError ?? (() => {}));
  const over = (row: Row | undefined, now: number): Verdict =>
    row && row.windowStart.getTime() > now - windowMs && row.hits > limit ? refusedUntil(row.windowStart.getTime() + windowMs, now) : { allowed: true };

  return {
    async hit(key) {
      const now = clock.now().getTime();
      const ended = sql`${limitWindows.windowStart} <= ${iso(now - windowMs)}::timestamptz`;
      // As in memory: the first refused attempt is counted (hits = limit + 1, so peek sees the key
      // is over), later ones leave the count and the window as they are.
      const [row] = await db
        .insert(limitWindows)
        .values({ scope, key: hashed(key), windowStart: new Date(now), hits: 1 })
        .onConflictDoUpdate({
          target: [limitWindows.scope, limitWindows.key],
          set: {
            windowStart: sql`case when ${ended} then ${iso(now)}::timestamptz else ${limitWindows.windowStart} end`,
            hits: sql`case when ${ended} then 1 when ${limitWindows.hits} > ${limit} then ${limitWindows.hits} else ${limitWindows.hits} + 1 end`,
          },
        })
        .returning({ windowStart: limitWindows.windowStart, hits: limitWindows.hits });
      sweep();
      return over(row, now);
    },
    async reset(key) {
      await db.delete(limitWindows).where(and(eq(limitWindows.scope, scope), eq(limitWindows.key, hashed(key))));
    },
    async peek(key) {
      const now = clock.now().getTime();
      return over(await readWindow(db, scope, hashed(key)), now);
    },
  };
}

/** Thrown inside a sign-in transaction to undo what it counted; carries the answer. */
class Refused extends Error {
  constructor(readonly verdict: Verdict) {
    super('refused');
  }
}

/**
 * The PostgreSQL twin of createSignInLimiter (decision 017's rules, over shared rows). Five kinds
 * of rows under `scope`: failures per email+address (`:pair`), the distinct emails that failed per
 * address (`:address`, its hits the set's size) with one row per member (`:member`, keyed by
 * email+address, its window start the address window it joined), failures per email (`:email`),
 * and the email's slow-down slot (`:slot`, a window of `slowDownMs` holding one try: it starts
 * when a slowed address takes the slot).
 *
 * begin() counts in one transaction, so an attempt is counted whole or not at all, and parallel
 * guesses from any process are serialised on the address's row: each sees the others' counts. Every
 * such transaction locks rows in one order (address, member, pair, slot, email) and end() and the
 * sweep never wait while holding a lock, so they cannot deadlock. A look without locks goes first,
 * so a refused flood costs one read and writes nothing.
 */
export function createPgSignInLimiter(db: PgQueryable, options: SignInLimits & { clock: Clock } & SharedOptions): SignInLimiter {
  const { clock, windowMs } = options;
  const scopes = {
    pair: `${options.scope}:pair`,
    address: `${options.scope}:address`,
    member: `${options.scope}:member`,
    email: `${options.scope}:email`,
    slot: `${options.scope}:slot`,
  };
  const sweep = createSweeper(
    db,
    clock,
    [
      { scope: scopes.pair, windowMs },
      { scope: scopes.address, windowMs },
      { scope: scopes.member, windowMs },
      { scope: scopes.email, windowMs },
      { scope: scopes.slot, windowMs: options.slowDownMs },
    ],
    options.onError ?? (() => {}),
  );
  const keysOf = (email: string, address: string) => ({ pair: hashed(`${address} ${email}`), address: hashed(address), email: hashed(email) });
  const live = (row: Row | undefined, now: number, ms = windowMs) => (row && row.windowStart.getTime() > now - ms ? row : undefined);
  const untilWindowEnds = (row: Row | undefined, now: number) => (row ? refusedUntil(row.windowStart.getTime() + windowMs, now) : refusedUntil(now + 1_000, now));
  /** The email is in the address's set: its member row joined the address's live window. */
  const isMember = (memberRow: Row | undefined, addressRow: Row | undefined) => !!memberRow && !!addressRow && memberRow.windowStart.getTime() === addressRow.windowStart.getTime();

  /** Counts the hit unless the window already holds `cap`; refuses (and so undoes the transaction) otherwise. */
  const countUnder = async (tx: PgQueryable, scope: string, key: string, now: number, cap: number) => {
    const row = await countHit(tx, scope, key, now, windowMs, cap);
    if (row) return row;
    throw new Refused(untilWindowEnds(live(await readWindow(tx, scope, key), now), now));
  };

  /** The email joins the address's set unless it is in it already, or refuses when the set is full. Locks the address's row. */
  const joinAddress = async (tx: PgQueryable, keys: { pair: string; address: string }, now: number) => {
    const ended = sql`${limitWindows.windowStart} <= ${iso(now - windowMs)}::timestamptz`;
    // The address's live window, rolled over when it ended, and its row locked.
    const [address] = await tx
      .insert(limitWindows)
      .values({ scope: scopes.address, key: keys.address, windowStart: new Date(now), hits: 0 })
      .onConflictDoUpdate({
        target: [limitWindows.scope, limitWindows.key],
        set: {
          windowStart: sql`case when ${ended} then ${iso(now)}::timestamptz else ${limitWindows.windowStart} end`,
          hits: sql`case when ${ended} then 0 else ${limitWindows.hits} end`,
        },
      })
      .returning({ windowStart: limitWindows.windowStart, hits: limitWindows.hits });
    if (!address) throw new Error('the address window could not be read');
    if (isMember(await readWindow(tx, scopes.member, keys.pair), address)) return;
    if (address.hits >= options.perAddress) throw new Refused(untilWindowEnds(address, now));
    await tx
      .update(limitWindows)
      .set({ hits: sql`${limitWindows.hits} + 1` })
      .where(and(eq(limitWindows.scope, scopes.address), eq(limitWindows.key, keys.address)));
    await tx
      .insert(limitWindows)
      .values({ scope: scopes.member, key: keys.pair, windowStart: address.windowStart, hits: 1 })
      .onConflictDoUpdate({ target: [limitWindows.scope, limitWindows.key], set: { windowStart: address.windowStart, hits: 1 } });
  };

  return {
    async begin(email, address) {
      const now = clock.now().getTime();
      const keys = keysOf(email, address);
      const seen = await db
        .select({ scope: limitWindows.scope, windowStart: limitWindows.windowStart, hits: limitWindows.hits })
        .from(limitWindows)
        .where(sql`(${limitWindows.scope}, ${limitWindows.key}) in ((${scopes.pair}, ${keys.pair}), (${scopes.address}, ${keys.address}), (${scopes.member}, ${keys.pair}))`);
      const pairSeen = live(seen.find((r) => r.scope === scopes.pair), now);
      if (pairSeen && pairSeen.hits >= options.perPair) return untilWindowEnds(pairSeen, now);
      const addressSeen = live(seen.find((r) => r.scope === scopes.address), now);
      if (addressSeen && addressSeen.hits >= options.perAddress && !isMember(seen.find((r) => r.scope === scopes.member), addressSeen)) return untilWindowEnds(addressSeen, now);

      try {
        await db.transaction(async (tx) => {
          await joinAddress(tx, keys, now);
          const pair = await countUnder(tx, scopes.pair, keys.pair, now, options.perPair);
          const forEmail = live(await readWindow(tx, scopes.email, keys.email), now);
          // An address with no failures for this email before this one is let through (see createSignInLimiter).
          if (forEmail && forEmail.hits >= options.slowDownAfter && pair.hits > 1) {
            // The slot is taken as the attempt starts, so parallel guesses cannot share it.
            const slot = await countHit(tx, scopes.slot, keys.email, now, options.slowDownMs, 1);
            if (!slot) {
              const taken = live(await readWindow(tx, scopes.slot, keys.email), now, options.slowDownMs);
              throw new Refused(refusedUntil(taken ? taken.windowStart.getTime() + options.slowDownMs : now + 1_000, now));
            }
          }
          await countHit(tx, scopes.email, keys.email, now, windowMs);
        });
      } catch (e) {
        if (e instanceof Refused) return e.verdict;
        throw e;
      }
      sweep();
      return { allowed: true };
    },
    async end(email, address, outcome) {
      if (outcome === 'failed') return;
      const now = clock.now().getTime();
      const keys = keysOf(email, address);
      const takeBack = (scope: string, key: string, windowStart?: Date) =>
        db
          .update(limitWindows)
          .set({ hits: sql`greatest(${limitWindows.hits} - 1, 0)` })
          .where(
            and(
              eq(limitWindows.scope, scope),
              eq(limitWindows.key, key),
              sql`${limitWindows.windowStart} > ${iso(now - windowMs)}::timestamptz`,
              windowStart ? eq(limitWindows.windowStart, windowStart) : undefined,
            ),
          );
      // One row per statement, none inside a transaction: nothing here holds a lock while waiting.
      await db.delete(limitWindows).where(and(eq(limitWindows.scope, scopes.pair), eq(limitWindows.key, keys.pair)));
      // The email's failures here are forgiven: it leaves the address's set (of the window it joined).
      const [left] = await db
        .delete(limitWindows)
        .where(and(eq(limitWindows.scope, scopes.member), eq(limitWindows.key, keys.pair)))
        .returning({ windowStart: limitWindows.windowStart });
      if (left) await takeBack(scopes.address, keys.address, left.windowStart);
      await takeBack(scopes.email, keys.email);
    },
    async stats(): Promise<SignInLimitStats> {
      const cut = iso(clock.now().getTime() - windowMs);
      const rows = await db
        .select({ scope: limitWindows.scope, entries: count(), bytes: sql<string>`coalesce(sum(pg_column_size(${limitWindows})), 0)` })
        .from(limitWindows)
        .where(and(inArray(limitWindows.scope, [scopes.pair, scopes.address, scopes.member, scopes.email]), sql`${limitWindows.windowStart} > ${cut}::timestamptz`))
        .groupBy(limitWindows.scope);
      // Rows are bounded by the keys that failed within one window (refused attempts add none), not by a
      // cap; an address's rows are its own and its members' (at most perAddress).
      const of = (...kinds: string[]) => {
        const found = rows.filter((r) => kinds.includes(r.scope));
        const entries = found.reduce((n, r) => n + Number(r.entries), 0);
        const bytes = found.reduce((n, r) => n + Number(r.bytes), 0);
        return { entries, bytes, maxEntries: Number.POSITIVE_INFINITY, maxBytes: Number.POSITIVE_INFINITY };
      };
      return { pairs: of(scopes.pair), addresses: of(scopes.address, scopes.member), emails: of(scopes.email) };
    },
  };
}

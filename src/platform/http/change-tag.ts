import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';

export type ChangeTag = {
  /**
   * Called by a writer once its write has committed: this process's tag changes at once. With the
   * shared version the write recorded (PostgreSQL), the tag is that version's, as every process
   * will soon say.
   */
  bump(version?: number): void;
  /** Settles once the tag is the shared one (its first read, PostgreSQL); at once for a local tag. */
  ready: Promise<void>;
  /** The tag of the data as this process knows it; synchronous, as the response cache asks per request. */
  current(): string;
  /** Stops any polling (the shop's close). */
  stop(): void;
};

/**
 * An ETag for data that changes only through this process (SQLite: one process serves the
 * shop): a random id per start plus a counter bumped by every write. Any write, or a restart,
 * changes every tag; reads cost nothing to tag.
 */
export function createChangeTag(): ChangeTag {
  const boot = randomBytes(4).toString('hex');
  let version = 0;
  return {
    bump: () => {
      version += 1;
    },
    current: () => `W/"${boot}-${version}"`,
    stop: () => {},
    ready: Promise.resolve(),
  };
}

export type SharedChangeTagOptions = {
  /** The shared version (a row writers increment in their write's transaction). */
  read: () => Promise<number>;
  /** How stale another process's write may be here, at most (issue 14: within a second). */
  pollMs?: number;
  /** A failed read (the database away): told once per run of failures; the last tag stays. */
  onError?: (e: unknown) => void;
};

/**
 * An ETag over a version shared by several processes (PostgreSQL, decision 026). `current()` is
 * the last version read, `W/"<version>"`: the same tag in every process for the same version, so a
 * browser's tag is good whichever process it reaches. A timer (unref'd) reads it every `pollMs`.
 *
 * `bump()` is for the writing process after its transaction committed (having incremented the
 * row): the tag changes at once to a process-local one, so this process never answers the
 * old tag for new data, and a read started after the bump brings the shared version. A read that
 * started before a bump is dropped: it may predate the write. Until the first read, the tag is
 * process-local too. `ready` settles after the first read (it never rejects).
 */
export function createSharedChangeTag(options: SharedChangeTagOptions): ChangeTag {
  const boot = randomBytes(4).toString('hex');
  let tag = `W/"${boot}-0"`;
  let bumps = 0;
  let polling = false;
  let failing = false;

  const read = async () => {
    const startedAt = bumps;
    try {
      const version = await options.read();
      failing = false;
      if (startedAt === bumps) tag = `W/"${version}"`;
    } catch (e) {
      if (!failing) options.onError?.(e);
      failing = true;
    }
  };
  const ready = read();
  const timer = setInterval(() => {
    // One poll at a time: a database that hangs does not pile reads up.
    if (polling) return;
    polling = true;
    void read().finally(() => {
      polling = false;
    });
  }, options.pollMs ?? 1_000);
  timer.unref();

  return {
    bump(version?: number) {
      bumps += 1;
      if (version !== undefined) {
        // The version this process's own write committed: reads started before it are dropped,
        // and any read from now on answers it or a later one.
        tag = `W/"${version}"`;
        return;
      }
      tag = `W/"${boot}-${bumps}"`;
      void read();
    },
    current: () => tag,
    stop: () => clearInterval(timer),
    ready,
  };
}

/**
 * Answers 304 when the browser already has this version, else the JSON with its ETag. `no-cache`
 * makes browsers ask every time; the answer is then usually an empty 304. `etag` is the tag taken
 * BEFORE the data was read: a write committing in between leaves newer data under the older tag,
 * which the next request corrects, never older data under the newer tag.
 */
export function jsonWithTag(c: Context, etag: string, body: () => unknown) {
  c.header('ETag', etag);
  c.header('Cache-Control', 'no-cache');
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return c.body(null, 304);
  return c.json(body() as object);
}

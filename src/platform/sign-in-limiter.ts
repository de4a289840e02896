import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../shared/clock.js';
import { createBoundedMap, textBytes, type BoundedMap } from './bounded-map.js';
import { refusedUntil, type Verdict } from './rate-limit.js';

type Window = { start: number; count: number; lastTry: number };
/** The distinct emails that failed from one address in its window. */
type Members = { start: number; emails: Set<number> };

export type SignInLimiter = {
  /**
   * Before checking a password: may this address try this email now? A refused attempt changes
   * nothing. An allowed one is counted as a failure at once, so that parallel guesses cannot all
   * pass before the first is known to have failed; a success takes it back (`end`).
   */
  begin(email: string, address: string): Promise<Verdict>;
  /** The outcome: a failure stays counted; a success is not counted and forgives this address's failures for this email. */
  end(email: string, address: string, outcome: 'failed' | 'succeeded'): Promise<void>;
  /** What is held per kind of key, against the caps (decision 013); rows in the database on PostgreSQL. */
  stats(): Promise<SignInLimitStats>;
};

export type SignInLimitStats = Record<'pairs' | 'addresses' | 'emails', { entries: number; bytes: number; maxEntries: number; maxBytes: number }>;

export type SignInLimits = {
  /** Failures per email from one address in the window (AUTH_RATE_LIMIT). */
  perPair: number;
  /**
   * Distinct emails that failed from one address in the window (spraying many emails). Only
   * distinct emails count: the shoppers behind one NAT, each mistyping their own password a few
   * times, use one place each. At the cap the address may still try the emails it has failed for
   * (up to perPair each), no other.
   */
  perAddress: number;
  /** Failures for one email from all addresses, past which failing addresses are slowed down. */
  slowDownAfter: number;
  /** Then at most one try per this many ms for that email from an address that has failures. */
  slowDownMs: number;
  windowMs: number;
  /** Caps of each of the three maps (decision 013). */
  maxEntries?: number;
  maxBytes?: number;
};

/** Bytes counted per email in an address's set (a 48-bit number in a Set). */
const memberBytes = 16;

/**
 * Sign-in limits an attacker cannot turn against the owner (issue 12), nor a NAT's shoppers
 * against each other (issue 40). Only failures are counted, and a refused attempt changes nothing,
 * so a flood costs one entry per key at most and cannot extend its own wait. The hard limits are
 * per email+address (failures) and per address (distinct emails that failed, a set of at most
 * perAddress); per email across addresses there is only a slow-down, and only for addresses that
 * have failed: the owner typing the right password from a clean address is never locked out by
 * someone else's guesses. Guessing one password from many addresses is still slowed to one try
 * every few seconds.
 *
 * This one is for SQLite (one process): counts live in bounded maps, and a flood of distinct keys
 * evicts the least recently used counts, which errs towards letting a person in, never towards
 * memory growth. On PostgreSQL the same rules run over shared rows (src/platform/shared-limits.ts).
 */
export function createSignInLimiter(options: SignInLimits & { clock: Clock }): SignInLimiter {
  const caps = { maxEntries: options.maxEntries ?? 20_000, maxBytes: options.maxBytes ?? 4 * 1024 * 1024 };
  const pairs = createBoundedMap<Window>(caps);
  const addresses = createBoundedMap<Members>(caps);
  const emails = createBoundedMap<Window>(caps);
  const pairKey = (email: string, address: string) => `${address} ${email}`;
  // An address's emails are kept as 48-bit keyed hashes: small, and with a key of this process
  // nobody can choose many emails that count as one.
  const secret = randomBytes(32);
  const member = (email: string) => createHmac('sha256', secret).update(email).digest().readUIntBE(0, 6);

  const current = <W extends { start: number }>(map: BoundedMap<W>, key: string, now: number) => {
    const w = map.peek(key);
    return w && now - w.start < options.windowMs ? w : undefined;
  };
  const untilWindowEnds = (w: { start: number }, now: number) => refusedUntil(w.start + options.windowMs, now);
  const count = (map: BoundedMap<Window>, key: string, now: number, by: 1 | -1) => {
    const w = current(map, key, now);
    if (by < 0) {
      // Taking back an attempt that was counted in this window (a success); nothing to take from an expired one.
      if (w) w.count = Math.max(0, w.count - 1);
      return;
    }
    map.set(key, { start: w?.start ?? now, count: (w?.count ?? 0) + 1, lastTry: w?.lastTry ?? 0 }, textBytes(key) + 24);
  };
  const keepMembers = (address: string, w: Members) => addresses.set(address, w, textBytes(address) + 24 + memberBytes * w.emails.size);

  return {
    async begin(email, address) {
      const now = options.clock.now().getTime();
      const key = pairKey(email, address);
      const pair = current(pairs, key, now);
      if (pair && pair.count >= options.perPair) return untilWindowEnds(pair, now);
      const addr = current(addresses, address, now);
      const id = member(email);
      // At the cap, only the emails this address has failed for may go on (each up to perPair).
      if (addr && addr.emails.size >= options.perAddress && !addr.emails.has(id)) return untilWindowEnds(addr, now);
      const forEmail = current(emails, email, now);
      // An address with no failures for this email is let through: it is not the one guessing
      // (and a shared address whose other users mistyped their own emails does not slow the owner).
      if (forEmail && forEmail.count >= options.slowDownAfter && pair && pair.count > 0) {
        const next = forEmail.lastTry + options.slowDownMs;
        if (next > now) return refusedUntil(next, now);
        // The slot is taken as the attempt starts, so parallel guesses cannot share it.
        forEmail.lastTry = now;
      }
      count(pairs, key, now, 1);
      const members = addr ?? { start: now, emails: new Set<number>() };
      if (!members.emails.has(id)) {
        members.emails.add(id);
        keepMembers(address, members);
      } else addresses.get(address);
      count(emails, email, now, 1);
      return { allowed: true };
    },
    async end(email, address, outcome) {
      if (outcome === 'failed') return;
      const now = options.clock.now().getTime();
      pairs.delete(pairKey(email, address));
      // The email's failures here are forgiven: it no longer takes a place in the address's set.
      const addr = current(addresses, address, now);
      if (addr?.emails.delete(member(email))) keepMembers(address, addr);
      count(emails, email, now, -1);
    },
    async stats() {
      const of = <V>(m: BoundedMap<V>) => {
        const { entries, bytes, maxEntries, maxBytes } = m.stats();
        return { entries, bytes, maxEntries, maxBytes };
      };
      return { pairs: of(pairs), addresses: of(addresses), emails: of(emails) };
    },
  };
}

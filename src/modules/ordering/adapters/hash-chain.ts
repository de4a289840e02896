import { createHash, createHmac } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';
import type { StoredEvent } from '../ports.js';

export const genesisHash = '0'.repeat(64);

/** What the hash covers: everything of the event, and the previous event's hash. */
export const hashedContent = (e: Omit<StoredEvent, 'hash'>) =>
  canonicalJson({ id: e.id, orderId: e.orderId, seq: e.seq, type: e.type, payload: e.payload, actor: e.actor, at: e.at.getTime(), prevHash: e.prevHash });

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

/**
 * How the chain is keyed (decision 014): events from `keyedFrom` on are HMAC-SHA-256 with `key`
 * (a forger also needs the key), earlier ones plain SHA-256 (a shop that turned AUDIT_KEY on later).
 */
export type ChainKeying = { key: string; keyedFrom: number } | null;

export function createEventHasher(keying: ChainKeying) {
  return (e: Omit<StoredEvent, 'hash'>): string => (keying && e.id >= keying.keyedFrom ? hmac(keying.key, hashedContent(e)) : sha256(hashedContent(e)));
}


/**
 * The text the log stores for an event's payload and actor: the canonical JSON that the hash
 * covers, so the audit can hash the stored bytes as they are (issue 20). Events written before
 * were stored as `JSON.stringify` (their keys in the order the code built them); they verify by
 * the slower canonical path.
 */
export const storedJson = (value: unknown) => canonicalJson(value);

/** An event as its row stores it: payload and actor as JSON text, `at` in ms since the epoch. */
export type StoredEventText = {
  id: number;
  orderId: string;
  seq: number;
  type: string;
  payload: string;
  actor: string;
  at: number;
  prevHash: string;
  hash: string;
  /**
   * The database found payload and actor to be JSON text (SQLite's json_valid); false: not asked,
   * the check parses them. The fast path below is sound only for JSON texts: see there.
   */
  jsonValid: boolean;
};

const opensWithBracket = (text: string) => text.charCodeAt(0) === 0x7b || text.charCodeAt(0) === 0x5b;

/**
 * Does an event row hold what its hash covers? (issue 20: the audit's cost per event.)
 *
 * Fast path: `hashedContent` is canonicalJson of { actor, at, id, orderId, payload, prevHash, seq,
 * type } (keys sorted), so when the stored payload and actor texts are themselves canonical
 * (`storedJson`), that content is the concatenation below: no JSON.parse, no canonicalizing. A
 * match proves the row is the hashed event: the digest says the concatenation IS the canonical
 * text that was hashed, and because payload and actor are each one whole JSON object or array
 * (json_valid or JSON.parse, and a bracket first), the concatenation splits into the row's columns
 * in exactly one way (such a value ends where its brackets close: a column cannot carry part of
 * another).
 * Otherwise (a row stored by `JSON.stringify` before issue 20, or an edited one) the canonical
 * path decides, as before; an edited row fails both.
 */
export function createStoredEventCheck(keying: ChainKeying) {
  const digest = (id: number, text: string) => (keying && id >= keying.keyedFrom ? hmac(keying.key, text) : sha256(text));
  const parsed = (e: StoredEventText): { payload: unknown; actor: unknown } | null => {
    try {
      return { payload: JSON.parse(e.payload) as unknown, actor: JSON.parse(e.actor) as unknown };
    } catch {
      return null;
    }
  };
  const fast = (e: StoredEventText): boolean => {
    // An object or array text ends where its brackets close (a number such as `12` would not be whole).
    if (!opensWithBracket(e.payload) || !opensWithBracket(e.actor)) return false;
    const concatenated = `{"actor":${e.actor},"at":${e.at},"id":${e.id},"orderId":${JSON.stringify(e.orderId)},"payload":${e.payload},"prevHash":${JSON.stringify(e.prevHash)},"seq":${e.seq},"type":${JSON.stringify(e.type)}}`;
    return digest(e.id, concatenated) === e.hash;
  };
  const canonical = (e: StoredEventText, json: { payload: unknown; actor: unknown }): boolean =>
    digest(e.id, canonicalJson({ id: e.id, orderId: e.orderId, seq: e.seq, type: e.type, payload: json.payload, actor: json.actor, at: e.at, prevHash: e.prevHash })) === e.hash;
  // A log is old rows, then (from the upgrade on) canonical ones: after a row that needed the
  // canonical path the next one tries it first, so an old log is not hashed twice per event.
  let oldRows = false;
  return (e: StoredEventText): boolean => {
    const json = e.jsonValid ? null : parsed(e);
    if (!e.jsonValid && !json) return false;
    if (oldRows) {
      const parsedOnce = json ?? parsed(e);
      if (parsedOnce && canonical(e, parsedOnce)) return true;
      if (!fast(e)) return false;
      oldRows = false;
      return true;
    }
    if (fast(e)) return true;
    const parsedOnce = json ?? parsed(e);
    if (!parsedOnce || !canonical(e, parsedOnce)) return false;
    oldRows = true;
    return true;
  };
}


/**
 * Proves the switch point: an HMAC over "keyed from event N, after the event whose hash is H".
 * Without the key nobody can move N (to claim keyed events were plain ones) nor copy the record
 * onto another chain.
 */
export const keySwitchProof = (key: string, keyedFrom: number, prevHash: string) => hmac(key, canonicalJson({ record: 'order-log keyed from', keyedFrom, prevHash }));

/** An HMAC over the head: without the key, a head rolled back to an earlier event cannot be signed. */
export const headMac = (key: string, head: { eventCount: number; lastId: number; lastHash: string }) =>
  hmac(key, canonicalJson({ record: 'order-log head', eventCount: head.eventCount, lastId: head.lastId, lastHash: head.lastHash }));

/** `count:hash`, the way heads are printed (backup, start-up log, audit:verify) and --expect-head takes them. */
export const formatHead = (head: { eventCount: number; lastHash: string }) => `${head.eventCount}:${head.lastHash}`;

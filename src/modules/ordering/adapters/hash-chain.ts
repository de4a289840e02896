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

export type EventHasher = ReturnType<typeof createEventHasher>;

/**
 * Proves the switch point: an HMAC over "keyed from event N, after the event whose hash is H".
 * Without the key nobody can move N (to claim keyed events were plain ones) nor copy the record
 * onto another chain.
 */
export const keySwitchProof = (key: string, keyedFrom: number, prevHash: string) => hmac(key, canonicalJson({ record: 'order-log keyed from', keyedFrom, prevHash }));

/** An HMAC over the head: without the key, a head rolled back to an earlier event cannot be signed. */
export const headMac = (key: string, head: { eventCount: number; lastId: number; lastHash: string }) =>
  hmac(key, canonicalJson({ record: 'order-log head', eventCount: head.eventCount, lastId: head.lastId, lastHash: head.lastHash }));

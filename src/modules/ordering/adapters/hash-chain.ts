import { createHash, createHmac } from 'node:crypto';
import { canonicalJson } from '../domain/canonical-json.js';
import type { StoredEvent } from '../ports.js';

export const genesisHash = '0'.repeat(64);

/** What the hash covers: everything of the event, and the previous event's hash. */
export const hashedContent = (e: Omit<StoredEvent, 'hash'>) =>
  canonicalJson({ id: e.id, orderId: e.orderId, seq: e.seq, type: e.type, payload: e.payload, actor: e.actor, at: e.at.getTime(), prevHash: e.prevHash });

/** SHA-256, or HMAC-SHA-256 when an audit key is set (then a forger also needs the key). */
export function createEventHasher(auditKey?: string) {
  return (e: Omit<StoredEvent, 'hash'>): string =>
    auditKey ? createHmac('sha256', auditKey).update(hashedContent(e)).digest('hex') : createHash('sha256').update(hashedContent(e)).digest('hex');
}

export type EventHasher = ReturnType<typeof createEventHasher>;

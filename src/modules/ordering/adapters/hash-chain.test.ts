import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../ports.js';
import { createEventHasher, createStoredEventCheck, storedJson, type StoredEventText } from './hash-chain.js';

// The audit's check of a stored row (issue 20): the stored canonical text hashed as it is, an old
// row (JSON.stringify's key order) by the canonical path, and an edited row by neither.
const event: Omit<StoredEvent, 'hash'> = {
  id: 7,
  orderId: 'e00000000000000000000007',
  seq: 1,
  type: 'Placed',
  payload: { owner: { userId: 'u1', email: 'rina@example.com' }, name: 'রিনা "R"', lines: [{ productId: 'p1', quantity: 2 }], total: 1860 } as never,
  actor: { userId: 'u1', email: 'rina@example.com', role: 'customer' },
  at: new Date(1_800_000_000_123),
  prevHash: 'a'.repeat(64),
};
const row = (texts: { payload: string; actor: string }, hash: string, jsonValid = true): StoredEventText => ({
  id: event.id,
  orderId: event.orderId,
  seq: event.seq,
  type: event.type,
  at: event.at.getTime(),
  prevHash: event.prevHash,
  hash,
  jsonValid,
  ...texts,
});
const canonical = { payload: storedJson(event.payload), actor: storedJson(event.actor) };
const old = { payload: JSON.stringify(event.payload), actor: JSON.stringify(event.actor) };

describe.each([
  ['plain SHA-256', null],
  ['HMAC with the audit key', { key: 'a-secret-audit-key-0001', keyedFrom: 1 }],
])('a stored event against its hash (%s)', (_name, keying) => {
  const hash = createEventHasher(keying)(event);

  it('holds for canonical text, for the old JSON.stringify text, and with JSON checked here or by the database', () => {
    expect(canonical.payload).not.toBe(old.payload);
    for (const jsonValid of [true, false]) {
      const check = createStoredEventCheck(keying);
      expect(check(row(canonical, hash, jsonValid))).toBe(true);
      expect(check(row(old, hash, jsonValid))).toBe(true);
      expect(check(row(canonical, hash, jsonValid))).toBe(true);
    }
  });

  it('fails for an edited payload, actor, time or link, however it is written', () => {
    const check = createStoredEventCheck(keying);
    for (const texts of [canonical, old]) {
      expect(check(row({ ...texts, payload: texts.payload.replace('1860', '1861') }, hash))).toBe(false);
      expect(check(row({ ...texts, actor: texts.actor.replace('customer', 'admin') }, hash))).toBe(false);
      expect(check({ ...row(texts, hash), at: event.at.getTime() + 1 })).toBe(false);
      expect(check({ ...row(texts, hash), prevHash: 'b'.repeat(64) })).toBe(false);
    }
  });

  it('fails when text moves between payload and actor, even though the concatenation is the same', () => {
    // `{"actor":A,"at":...,"payload":P,...}` with the actor cut short and the rest carried over
    // would concatenate to other text here; the texts are not whole JSON values, so the check
    // parses them, and fails.
    const check = createStoredEventCheck(keying);
    const cut = canonical.actor.length - 5;
    expect(check(row({ actor: canonical.actor.slice(0, cut), payload: canonical.payload }, hash, false))).toBe(false);
    expect(check(row({ actor: `${canonical.actor}x`, payload: canonical.payload }, hash, false))).toBe(false);
    expect(check(row({ actor: '12', payload: canonical.payload }, hash, true))).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBoundedMap, entryOverheadBytes } from './bounded-map.js';

describe('bounded map', () => {
  it('never holds more entries or bytes than its caps, whatever is set, read or deleted', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.string({ maxLength: 4 }), bytes: fc.nat({ max: 600 }) }),
      fc.record({ kind: fc.constant('get' as const), key: fc.string({ maxLength: 4 }) }),
      fc.record({ kind: fc.constant('delete' as const), key: fc.string({ maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 100, max: 2_000 }), fc.array(op, { maxLength: 300 }), (maxEntries, maxBytes, ops) => {
        const map = createBoundedMap<number>({ maxEntries, maxBytes });
        for (const o of ops) {
          if (o.kind === 'set') {
            const kept = map.set(o.key, o.bytes, o.bytes);
            // Kept exactly when it fits alone, and then readable at once.
            expect(kept).toBe(o.bytes + entryOverheadBytes <= maxBytes);
            if (kept) expect(map.peek(o.key)).toBe(o.bytes);
            else expect(map.has(o.key)).toBe(false);
          } else if (o.kind === 'get') map.get(o.key);
          else map.delete(o.key);
          expect(map.size).toBeLessThanOrEqual(maxEntries);
          expect(map.bytes).toBeLessThanOrEqual(maxBytes);
          // The byte count is the sum of what is held.
          let sum = 0;
          for (const [, v] of map.entries()) sum += v + entryOverheadBytes;
          expect(map.bytes).toBe(sum);
        }
      }),
    );
  });

  it('keeps the same entries in the same order of use as a plain list would, whatever is set, read, peeked or deleted', () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.string({ maxLength: 3 }), bytes: fc.nat({ max: 300 }) }),
      fc.record({ kind: fc.constantFrom('get' as const, 'peek' as const, 'delete' as const), key: fc.string({ maxLength: 3 }) }),
      fc.record({ kind: fc.constant('clear' as const) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 100, max: 1_500 }), fc.array(op, { maxLength: 200 }), (maxEntries, maxBytes, ops) => {
        const map = createBoundedMap<number>({ maxEntries, maxBytes });
        // The model: [key, bytes] oldest first.
        let model: Array<[string, number]> = [];
        const cost = (bytes: number) => bytes + entryOverheadBytes;
        for (const o of ops) {
          if (o.kind === 'set') {
            map.set(o.key, o.bytes, o.bytes);
            model = model.filter(([k]) => k !== o.key);
            if (cost(o.bytes) <= maxBytes) {
              while (model.length >= maxEntries || model.reduce((n, [, b]) => n + cost(b), 0) + cost(o.bytes) > maxBytes) model.shift();
              model.push([o.key, o.bytes]);
            }
          } else if (o.kind === 'get') {
            const found = model.find(([k]) => k === o.key);
            expect(map.get(o.key)).toBe(found?.[1]);
            if (found) model = [...model.filter(([k]) => k !== o.key), found];
          } else if (o.kind === 'peek') {
            expect(map.peek(o.key)).toBe(model.find(([k]) => k === o.key)?.[1]);
          } else if (o.kind === 'delete') {
            expect(map.delete(o.key)).toBe(model.some(([k]) => k === o.key));
            model = model.filter(([k]) => k !== o.key);
          } else {
            map.clear();
            model = [];
          }
          expect([...map.entries()]).toEqual(model);
          expect(map.size).toBe(model.length);
        }
      }),
    );
  });

  it('evicts the least recently used entry first', () => {
    const map = createBoundedMap<string>({ maxEntries: 3, maxBytes: 10_000 });
    map.set('a', 'A', 1);
    map.set('b', 'B', 1);
    map.set('c', 'C', 1);
    map.get('a'); // a is now the most recent
    map.set('d', 'D', 1);
    expect([...map.entries()].map(([k]) => k)).toEqual(['c', 'a', 'd']);
    expect(map.stats().evictions).toBe(1);
  });

  it('a flood of unique keys leaves it at its caps', () => {
    const map = createBoundedMap<number>({ maxEntries: 1_000, maxBytes: 50_000 });
    for (let i = 0; i < 100_000; i++) map.set(`key-${i}`, i, 20);
    expect(map.size).toBeLessThanOrEqual(1_000);
    expect(map.bytes).toBeLessThanOrEqual(50_000);
    expect(map.peek('key-99999')).toBe(99_999);
  });
});

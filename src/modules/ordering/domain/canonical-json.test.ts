import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

const reversedKeys = (value: unknown): unknown => {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(reversedKeys);
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)]));
};

/** The first, plainly written version: the oracle for the one JSON.stringify writes. */
const reference = (value: unknown): string => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
};

describe('canonicalJson', () => {
  it('writes sorted keys at every depth, without spaces, and skips undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'x' }], c: undefined }, 'é': true })).toBe('{"a":{"d":[2,{"y":"x","z":null}]},"b":1,"é":true}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson({ 10: 'a', 2: 'b', b: { 10: 1, a: 2 } })).toBe('{"10":"a","2":"b","b":{"10":1,"a":2}}');
  });

  it('reads back as the same value, and does not depend on the order of keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reversedKeys(value))).toBe(text);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        expect(text).toBe(reference(value));
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isId, newId } from './ids.js';

describe('newId', () => {
  it('makes 24-hex ids that are unique and sort by creation time', async () => {
    const first = Array.from({ length: 1000 }, newId);
    expect(new Set(first).size).toBe(1000);
    expect(first.every(isId)).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    const later = newId();
    expect(first.every((id) => id < later)).toBe(true);
  });

  it('isId accepts only 24 lowercase hex characters', () => {
    fc.assert(fc.property(fc.string(), (s) => isId(s) === /^[0-9a-f]{24}$/.test(s)));
    expect(isId('0123456789abcdef01234567')).toBe(true);
    expect(isId('0123456789ABCDEF01234567')).toBe(false);
  });
});

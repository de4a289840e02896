import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxSearchWords, searchWords } from './search.js';

describe('searchWords', () => {
  it('splits on anything but letters, marks and digits, in any script', () => {
    expect(searchWords('  Dragon-Tamer, "figure"!')).toEqual(['dragon', 'tamer', 'figure']);
    expect(searchWords('ড্রাগন ফিগার।')).toEqual(['ড্রাগন', 'ফিগার']);
    expect(searchWords('1/7 scale')).toEqual(['1', '7', 'scale']);
    expect(searchWords('POKÉMON Çà')).toEqual(['pokemon', 'ca']);
    expect(searchWords('*** "" -')).toEqual([]);
    expect(searchWords('𝔉'.repeat(41))).toEqual(['𝔉'.repeat(40)]);
  });

  it('answers only word characters, at most 8 distinct words of at most 40 (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (q) => {
        const words = searchWords(q);
        expect(words.length).toBeLessThanOrEqual(maxSearchWords);
        expect(new Set(words).size).toBe(words.length);
        for (const w of words) {
          expect(w).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
          expect(Array.from(w).length).toBeLessThanOrEqual(40);
        }
      }),
    );
  });
});

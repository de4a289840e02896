import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCommaList } from './comma-list.js';

const label = fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/,/g, '').trim()).filter((s) => s.length > 0);

describe('parseCommaList', () => {
  it('gives trimmed, non-empty parts without commas, for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        for (const part of parseCommaList(text)) {
          expect(part).toBe(part.trim());
          expect(part.length).toBeGreaterThan(0);
          expect(part).not.toContain(',');
        }
      }),
    );
  });

  it('gives back the labels that were joined, whatever the spacing and empty items', () => {
    fc.assert(
      fc.property(fc.array(label, { maxLength: 8 }), fc.array(fc.constantFrom(',', ', ', ' , ', ',,', ' ,  ,'), { minLength: 8, maxLength: 8 }), (labels, seps) => {
        const text = labels.map((l, i) => `${l}${seps[i] ?? ','}`).join(' ');
        expect(parseCommaList(text)).toEqual(labels);
      }),
    );
  });

  it('is idempotent through join', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(parseCommaList(parseCommaList(text).join(','))).toEqual(parseCommaList(text));
      }),
    );
  });

  it('reads the spec’s examples', () => {
    expect(parseCommaList(' S, M ,, L ,')).toEqual(['S', 'M', 'L']);
    expect(parseCommaList('')).toEqual([]);
    expect(parseCommaList(' , ,')).toEqual([]);
  });

  it('keeps spaces inside a label, the order as typed and repeated labels (the admin typed them)', () => {
    expect(parseCommaList('  Red  ,  Dark blue ')).toEqual(['Red', 'Dark blue']);
    expect(parseCommaList('XL, S, M')).toEqual(['XL', 'S', 'M']);
    expect(parseCommaList('Free size')).toEqual(['Free size']);
    expect(parseCommaList('S, M, S')).toEqual(['S', 'M', 'S']);
  });
});

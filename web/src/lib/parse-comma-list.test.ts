import { describe, expect, it } from 'vitest';
import { parseCommaList } from './parse-comma-list';

describe('parseCommaList', () => {
  it('splits on commas and trims each item', () => {
    expect(parseCommaList('S, M ,L')).toEqual(['S', 'M', 'L']);
    expect(parseCommaList('  Red  ,  Dark blue ')).toEqual(['Red', 'Dark blue']);
  });

  it('drops empty items', () => {
    expect(parseCommaList('S,, ,M,')).toEqual(['S', 'M']);
    expect(parseCommaList(',')).toEqual([]);
  });

  it('answers an empty list for blank text', () => {
    expect(parseCommaList('')).toEqual([]);
    expect(parseCommaList('   ')).toEqual([]);
  });

  it('keeps a single item without commas, and the order as typed', () => {
    expect(parseCommaList('Free size')).toEqual(['Free size']);
    expect(parseCommaList('XL, S, M')).toEqual(['XL', 'S', 'M']);
  });
});

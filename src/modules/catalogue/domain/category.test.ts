import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryKey, categoryLabel } from './category.js';

describe('categoryKey', () => {
  it('ignores case and surrounding spaces', () => {
    expect(categoryKey('  Trading Cards ')).toBe(categoryKey('trading cards'));
    expect(categoryKey('ÉTÉ')).toBe(categoryKey('été'));
    expect(categoryKey('Figures')).not.toBe(categoryKey('Figure'));
  });

  it('is idempotent and blind to padding (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[ \t]*$/), (name, pad) => {
        const key = categoryKey(name);
        expect(categoryKey(key)).toBe(key);
        expect(categoryKey(pad + name + pad)).toBe(key);
      }),
    );
  });
});

describe('categoryLabel', () => {
  it("falls back to 'Unnamed'", () => {
    expect(categoryLabel('Plush')).toBe('Plush');
    expect(categoryLabel('  ')).toBe('Unnamed');
    expect(categoryLabel(null)).toBe('Unnamed');
    expect(categoryLabel(undefined)).toBe('Unnamed');
  });
});

import { describe, expect, it } from 'vitest';
import { bengaliLabelsOf, demoCatalogue } from './demo-catalogue.js';

// Issue 33, point 9: in Bengali mode the demo catalogue is Bengali, every product of it.
const products = demoCatalogue.flatMap((category) => category.products);
const bengaliText = /^[\u0980-\u09FF\u0964\u0965\s0-9.,:;!?()\-–—/×x%'"]+$/u;

describe('the demo catalogue in Bengali', () => {
  it('has 40 products, each with a Bengali title and description written in Bengali', () => {
    expect(products).toHaveLength(40);
    for (const product of products) {
      expect(product.titleBn, product.title).toMatch(bengaliText);
      expect(product.descriptionBn, product.title).toMatch(bengaliText);
      expect(product.titleBn, product.title).toMatch(/[\u0980-\u09FF]/);
    }
  });

  it('no two products share a Bengali title', () => {
    expect(new Set(products.map((p) => p.titleBn)).size).toBe(products.length);
  });
});

describe('the demo sizes and colors in Bengali', () => {
  it('every size and color of every product has a Bengali name', () => {
    for (const product of products) {
      for (const label of [...product.sizes, ...product.colors]) expect(bengaliLabelsOf([label])?.[0], `${product.title}: ${label}`).toMatch(/[\u0980-\u09FF]/);
    }
    expect(bengaliLabelsOf([])).toBeNull();
  });
});

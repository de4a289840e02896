import { describe, expect, it } from 'vitest';
import { demoCatalogue } from './demo-catalogue.js';

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

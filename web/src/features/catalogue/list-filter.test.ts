import { describe, expect, it } from 'vitest';
import { productsSearchParams } from './api/get-products';
import { filterFromSearch, isFiltered, priceOf, searchWith } from './list-filter';

const read = (query: string) => filterFromSearch(new URLSearchParams(query));

describe('the filter of a list, in the URL query', () => {
  it('reads the words, category, prices, stock and sort', () => {
    expect(read('q=%20dragon%20box%20&category=Figures&minPrice=100&maxPrice=2500&inStock=true&sort=price_asc')).toEqual({
      q: 'dragon box',
      category: 'Figures',
      minPrice: 100,
      maxPrice: 2500,
      inStock: true,
      sort: 'price_asc',
    });
    expect(read('')).toEqual({});
    expect(isFiltered(read('q=x&sort=newest'))).toBe(false);
    expect(isFiltered(read('inStock=true'))).toBe(true);
  });

  it('reads what the API would refuse as absent, so that a typed URL never fails the list', () => {
    expect(read('q=%20%20&category=&minPrice=-1&maxPrice=1.5&inStock=yes&sort=cheapest')).toEqual({});
    for (const raw of ['', 'x', '1e3', '123456789', '10000001', ' 5']) expect(priceOf(raw), raw).toBeUndefined();
    expect(priceOf('0')).toBe(0);
    expect(priceOf('10000000')).toBe(10_000_000);
    expect(read(`q=${'a'.repeat(200)}`).q).toHaveLength(120);
    // Relevance needs words to rank by.
    expect(read('sort=relevance').sort).toBeUndefined();
    expect(read('q=fox&sort=relevance').sort).toBe('relevance');
  });

  it('reads a price range given upside down the right way round (the API refuses minPrice > maxPrice)', () => {
    expect(read('minPrice=900&maxPrice=100')).toMatchObject({ minPrice: 100, maxPrice: 900 });
  });

  it('changes a filter back on page 1, keeping the others and leaving the default sort out', () => {
    const params = new URLSearchParams('q=fox&page=3&sort=price_desc');
    expect(searchWith(params, { inStock: true })).toBe('?q=fox&sort=price_desc&inStock=true');
    expect(searchWith(params, { sort: 'relevance' })).toBe('?q=fox');
    expect(searchWith(new URLSearchParams('sort=price_asc&page=2'), { sort: 'newest' })).toBe('');
    expect(searchWith(new URLSearchParams('inStock=true&minPrice=5'), { inStock: undefined, minPrice: undefined })).toBe('');
    // Without words the relevance order is gone with them.
    expect(searchWith(new URLSearchParams('q=fox&sort=relevance'), { q: undefined })).toBe('');
  });

  it('asks the API with its own names; an empty filter asks exactly what prefetch.js asks', () => {
    expect(productsSearchParams({})).toEqual({});
    expect(productsSearchParams({ q: 'fox', inStock: false, maxPrice: 0, related: 'a'.repeat(24) })).toEqual({
      q: 'fox',
      maxPrice: '0',
      related: 'a'.repeat(24),
    });
    expect(Object.keys(productsSearchParams(read('sort=price_asc&inStock=true&category=Plush&q=fox')))).toEqual(['q', 'category', 'inStock', 'sort']);
  });
});

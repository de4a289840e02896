import type { ProductFilter, ProductStore } from './ports.js';

/** At most this many filters' totals are kept (a search's words are part of its key). */
const MAX_KEPT = 256;

/**
 * The list's X-Total-Count kept until the catalogue changes (issue 20): every page of a list asked
 * for the same total again, an exact count(*) over the matching products (5 ms for 100,000 products
 * on PostgreSQL). The totals of up to MAX_KEPT filters (paging and sort left out: they do not change a
 * total) are kept under the catalogue's change tag, which moves with every catalogue write and every
 * stock change, in this process at once and in the others within their poll (as the response cache).
 */
export function withKeptCounts(products: ProductStore, version: () => string): ProductStore {
  let keptAt = '';
  const kept = new Map<string, number>();
  return {
    ...products,
    count: async (filter: ProductFilter) => {
      const at = version();
      if (at !== keptAt) {
        kept.clear();
        keptAt = at;
      }
      const { limit: _limit, offset: _offset, sort: _sort, ...counted } = filter;
      const key = JSON.stringify(counted);
      const known = kept.get(key);
      if (known !== undefined) return known;
      const total = await products.count(filter);
      // Kept only if the catalogue did not change meanwhile (the total might be of either version).
      if (version() === at && keptAt === at) {
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
        kept.set(key, total);
      }
      return total;
    },
  };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import { getPage } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';

/** How many of the newest products the banner form offers as a link (issue 33). */
export const linkableProducts = 200;

/**
 * What a banner may link to (issue 33): every category and the newest products, read from the API
 * (features do not import each other; the catalogue's own pages have their hooks).
 */
export const linkTargetsQueryOptions = () =>
  queryOptions({
    queryKey: ['sliders', 'link-targets'],
    queryFn: async () => {
      const [categories, products] = await Promise.all([call(api, 'get /categories'), getPage(api, 'get /products', { limit: linkableProducts, offset: 0 })]);
      return {
        categories: categories.map((c) => ({ value: c.category, en: c.category, bn: c.categoryBn ?? null })),
        products: products.items.map((p) => ({ value: p._id, en: p.title, bn: p.titleBn ?? null })),
      };
    },
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });

export function useLinkTargets() {
  return useQuery(linkTargetsQueryOptions());
}

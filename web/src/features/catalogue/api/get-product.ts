import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { ProductDto } from '../../../../../src/modules/catalogue/index';

// The wire type of the catalogue contract (src/modules/catalogue/adapters/http.ts).
export type Product = ProductDto;

/** 404 `catalogue/product-not-found` for an unknown id. */
export function getProduct(id: string): Promise<Product> {
  return api.get(`products/${encodeURIComponent(id)}`).json<Product>();
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: () => getProduct(id),
    staleTime: 30_000,
    // A 404 stays a 404: the route loader turns it into a not-found page at once.
    retry: retryUnlessClientError,
    meta: { public: true },
  });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

// Mirrors docs/api/catalogue.md; declared here, as the web imports no server code.
export type Product = {
  _id: string;
  title: string;
  description: string;
  /** The category's name. */
  category: string;
  /** Whole taka. */
  price: number;
  sizes: string[];
  colors: string[];
  /** 1 to 3 URLs; the first is the card image. */
  images: string[];
  createdAt: string;
};

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

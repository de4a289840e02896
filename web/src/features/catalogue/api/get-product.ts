import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { isHTTPError } from '../../../lib/http-errors';
import { NotFoundError } from '../../../lib/not-found';
import { retryUnlessClientError } from '../../../lib/query-client';

// The wire type of the catalogue contract (src/modules/catalogue/adapters/http.ts).
export type Product = Answer<'get /products/:id'>;

/** 404 `catalogue/product-not-found` for an unknown id. */
export function getProduct(id: string): Promise<Product> {
  return call(api, 'get /products/:id', { params: { id } });
}

/**
 * An unknown id (404), or one the server cannot even read (400), is no product: a NotFoundError, which
 * the page's error boundary shows as a not-found page inside the layout. Other failures stay errors.
 */
async function getProductOrNotFound(id: string): Promise<Product> {
  try {
    return await getProduct(id);
  } catch (error) {
    if (isHTTPError(error) && (error.response.status === 404 || error.response.status === 400)) {
      throw new NotFoundError('Product not found');
    }
    throw error;
  }
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: () => getProductOrNotFound(id),
    staleTime: 30_000,
    // Not found stays not found: the page shows it at once.
    retry: (failures, error) => !(error instanceof NotFoundError) && retryUnlessClientError(failures, error),
    meta: { public: true },
  });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}

import { data, type LoaderFunctionArgs } from 'react-router-dom';
import { isHTTPError } from '../../lib/http-errors';
import { queryClient } from '../../lib/query-client';
import { productQueryOptions, type Product } from './api/get-product';

/**
 * Route loader of /product/:id and /dashboard/updateproduct/:id: fills the query cache before the page
 * renders (the page reads the same query). An unknown id becomes a 404 route error, which the route's
 * errorElement shows as a not-found page inside the layout; other failures stay errors.
 */
export async function productLoader({ params }: LoaderFunctionArgs): Promise<Product> {
  const id = params.id ?? '';
  try {
    return await queryClient.ensureQueryData(productQueryOptions(id));
  } catch (error) {
    // 400: an id the server cannot even read is not a product either.
    if (isHTTPError(error) && (error.response.status === 404 || error.response.status === 400)) {
      throw data({ message: 'Product not found' }, { status: 404, statusText: 'Not Found' });
    }
    throw error;
  }
}

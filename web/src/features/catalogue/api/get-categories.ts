import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CategoryDto } from '../../../../../src/modules/catalogue/index';

export type Category = CategoryDto;

export function getCategories(): Promise<Category[]> {
  return api.get('categories').json<Category[]>();
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: getCategories,
    staleTime: 60_000,
    // Not private: kept in the cache across log-out (see removePrivateQueries).
    meta: { public: true },
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

/** Display name of a category; the server may hold an empty name. */
export function categoryLabel(category: Pick<Category, 'category'>): string {
  // Guard at runtime too: older rows may hold null instead of a name.
  const name = typeof category.category === 'string' ? category.category.trim() : '';
  return name === '' ? 'Unnamed' : name;
}

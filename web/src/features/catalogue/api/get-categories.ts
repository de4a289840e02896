import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../lib/api-client';
import type { Row } from '../../../lib/api/contracts';
import type { Lang } from '../../../lib/i18n/i18n';
import { localized } from '../../../lib/i18n/localized';

export type Category = Row<'get /categories'>;

export function getCategories(): Promise<Category[]> {
  return call(api, 'get /categories');
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

/**
 * Display name of a category: its Bengali name when Bengali is shown and it has one (issue 18), else
 * its name; the server may hold an empty name. The English name stays the category's identity (its URL).
 */
export function categoryLabel(category: Pick<Category, 'category' | 'categoryBn'>, lang: Lang = 'en'): string {
  // Guard at runtime too: older rows may hold null instead of a name.
  const name = typeof category.category === 'string' ? category.category.trim() : '';
  return localized(lang, name === '' ? 'Unnamed' : name, category.categoryBn);
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';

export type ShopUser = Row<'get /users'>;

/** Admin only; newest first, one page (1, 2, ...); with `q`, the users whose name, email or order phone holds it (issue 33). */
export function getUsers(page: number, q = ''): Promise<Page<ShopUser>> {
  return getPage(authApi, 'get /users', pageQuery(page), q ? { query: { q } } : {});
}

export const usersQueryOptions = (page: number, q = '') =>
  queryOptions({
    queryKey: ['users', 'list', page, q],
    queryFn: () => getUsers(page, q),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useUsers(page: number, q = '') {
  return useQuery(usersQueryOptions(page, q));
}

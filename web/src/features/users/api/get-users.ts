import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { getPage, pageQuery, type Page } from '../../../lib/paging';
import { retryUnlessClientError } from '../../../lib/query-client';
import type { Row } from '../../../lib/api/contracts';

export type ShopUser = Row<'get /users'>;

/** Admin only; newest first, one page (1, 2, ...). */
export function getUsers(page: number): Promise<Page<ShopUser>> {
  return getPage(authApi, 'get /users', pageQuery(page));
}

export const usersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['users', 'list', page],
    queryFn: () => getUsers(page),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

export function useUsers(page: number) {
  return useQuery(usersQueryOptions(page));
}

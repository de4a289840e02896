import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { retryUnlessClientError } from '../../../lib/query-client';

export type ShopUser = {
  _id: string;
  name: string;
  email: string;
  role: 'admin' | 'customer';
};

/** Admin only; newest first. */
export function getUsers(): Promise<ShopUser[]> {
  return authApi.get('users').json<ShopUser[]>();
}

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'list'],
    queryFn: getUsers,
    retry: retryUnlessClientError,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}

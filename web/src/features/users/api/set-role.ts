import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';

export type RoleChange = { id: string; role: Body<'patch /users/:id/role'>['role'] };

/** users.manage (issue 36): gives a user a role; 409 users/last-admin when it would leave the shop without an admin. */
export function setRole({ id, role }: RoleChange): Promise<Answer<'patch /users/:id/role'>> {
  return call(authApi, 'patch /users/:id/role', { params: { id }, body: { role } });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

export function deleteUser(id: string): Promise<Answer<'delete /users/:id'>> {
  return call(authApi, 'delete /users/:id', { params: { id } });
}

/** Admin only. 409 for oneself or the last admin, 404 for a user already gone. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

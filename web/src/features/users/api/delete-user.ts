import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

export function deleteUser(id: string): Promise<{ deletedCount: number }> {
  return authApi.delete(`users/${encodeURIComponent(id)}`).json<{ deletedCount: number }>();
}

/** Admin only. 409 for oneself or the last admin, 404 for a user already gone. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

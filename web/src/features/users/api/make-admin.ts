import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';

export function makeAdmin(id: string): Promise<{ modifiedCount: number }> {
  return authApi.patch(`users/admin/${encodeURIComponent(id)}`).json<{ modifiedCount: number }>();
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    // The list and any cached admin flags.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

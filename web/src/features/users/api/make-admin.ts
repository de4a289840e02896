import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

export function makeAdmin(id: string): Promise<Answer<'patch /users/admin/:id'>> {
  return call(authApi, 'patch /users/admin/:id', { params: { id } });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    // The list and any cached admin flags.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import { blockedPhonesQueryKeyRoot } from './get-blocked-phones';

/** Admin only. 404 `ordering/blocked-phone-not-found` for a number no longer listed. */
export function unblockPhone(phone: string): Promise<{ deletedCount: number }> {
  return authApi.delete(`blocked-phones/${encodeURIComponent(phone)}`).json<{ deletedCount: number }>();
}

export function useUnblockPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockPhone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedPhonesQueryKeyRoot }),
  });
}

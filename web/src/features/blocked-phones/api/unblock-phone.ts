import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';
import { blockedPhonesQueryKeyRoot } from './get-blocked-phones';

/** Admin only. 404 `ordering/blocked-phone-not-found` for a number no longer listed. */
export function unblockPhone(phone: string): Promise<Answer<'delete /blocked-phones/:phone'>> {
  return call(authApi, 'delete /blocked-phones/:phone', { params: { phone } });
}

export function useUnblockPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockPhone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedPhonesQueryKeyRoot }),
  });
}

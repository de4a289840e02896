import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';
import { blockedPhonesQueryKeyRoot } from './get-blocked-phones';

/** Admin only. 400 `http/validation` (not a Bangladeshi mobile, no reason), 409 `ordering/phone-already-blocked`. */
export function blockPhone(body: Body<'post /blocked-phones'>): Promise<Answer<'post /blocked-phones'>> {
  return call(authApi, 'post /blocked-phones', { body });
}

export function useBlockPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockPhone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedPhonesQueryKeyRoot }),
  });
}

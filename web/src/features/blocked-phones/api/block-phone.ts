import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../../lib/api-client';
import type { BlockedPhoneDto, BlockPhoneBody } from '../../../../../src/modules/order-defences/index';
import { blockedPhonesQueryKeyRoot } from './get-blocked-phones';

/** Admin only. 400 `http/validation` (not a Bangladeshi mobile, no reason), 409 `ordering/phone-already-blocked`. */
export function blockPhone(body: BlockPhoneBody): Promise<BlockedPhoneDto> {
  return authApi.post('blocked-phones', { json: body }).json<BlockedPhoneDto>();
}

export function useBlockPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockPhone,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedPhonesQueryKeyRoot }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';
import { ordersQueryKeyRoot } from './get-orders';

/** What an admin changes of an order (issue 36): `reason` always; the fields sent change, the rest stays. */
export type OrderEdit = Body<'patch /orders/:id/lines'>;
export type EditedOrder = Answer<'patch /orders/:id/lines'>['order'];

/**
 * Admin only: changes a Pending or Confirmed order with no parcel booked and no advance awaited
 * (issue 36): its lines (all of them, each a variant and its quantity), name, phone, address, district
 * and thana (together; the zone follows them), zone. `version`, the order's as GET /api/orders/:id
 * answered it, makes a later change answer 409 `ordering/edit-conflict`. Other refusals: 409
 * `ordering/out-of-stock` (the message names the item), `ordering/illegal-transition`,
 * `ordering/product-unavailable`; 400 `http/validation`.
 */
export function editOrder({ id, edit }: { id: string; edit: OrderEdit }): Promise<EditedOrder> {
  return call(authApi, 'patch /orders/:id/lines', { params: { id }, body: edit }).then((answer) => answer.order);
}

export function useEditOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editOrder,
    // The order, its timeline and messages, the lists, the audit log, and the stock of the products the form read.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKeyRoot }),
  });
}

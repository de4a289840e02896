import { confirmThenRun, loadSwal, showFailure } from '../../lib/dialog';
import { useDeleteOrder } from './api/delete-order';
import type { Order } from './api/get-orders';
import { useUpdateOrderStatus, type StatusChange } from './api/update-order-status';

/** An admin's Confirm, Cancel and Delete of an order, with the spec's dialogs (All Orders and the order page). */
export function useOrderActions() {
  const updateStatus = useUpdateOrderStatus();
  const deleteOrder = useDeleteOrder();

  async function changeStatus(order: Order, change: StatusChange['status']) {
    try {
      await updateStatus.mutateAsync({ id: order._id, status: change });
    } catch (error) {
      await showFailure(error);
      return;
    }
    const Swal = await loadSwal();
    void Swal.fire({ icon: 'success', title: `Success: Order marked as ${change}` });
  }

  function remove(order: Order) {
    return confirmThenRun({
      confirm: { title: 'Delete permanently?', text: "This order will be removed permanently. You won't be able to revert this!", confirmButtonText: 'Yes, delete it!' },
      run: () => deleteOrder.mutateAsync(order._id),
      success: { title: 'Deleted', text: `The order of ${order.name} has been deleted.` },
    });
  }

  return { busy: updateStatus.isPending || deleteOrder.isPending, changeStatus, remove };
}

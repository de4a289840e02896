import { confirmThenRun, loadSwal, showFailure } from '../../lib/dialog';
import { useT } from '../../lib/i18n/i18n';
import { useDeleteOrder } from './api/delete-order';
import type { Order } from './api/get-orders';
import { useUpdateOrderStatus, type StatusChange } from './api/update-order-status';
import { orderDeskMessages } from './messages/order-desk';

const MARKED = { Confirmed: 'orderDesk.marked.confirmed', Canceled: 'orderDesk.marked.canceled' } as const;

/** An admin's Confirm, Cancel and Delete of an order, with the spec's dialogs (All Orders and the order page). */
export function useOrderActions() {
  // The dialogs' texts in the language shown (the server's messages stay as it sends them).
  const t = useT(orderDeskMessages);
  const updateStatus = useUpdateOrderStatus();
  const deleteOrder = useDeleteOrder();

  async function changeStatus(order: Order, change: StatusChange['status']) {
    try {
      await updateStatus.mutateAsync({ id: order._id, status: change });
    } catch (error) {
      await showFailure(error, t('orderDesk.error'));
      return;
    }
    const Swal = await loadSwal();
    void Swal.fire({ icon: 'success', title: t(MARKED[change]), confirmButtonText: t('orderDesk.ok') });
  }

  function remove(order: Order) {
    return confirmThenRun({
      confirm: {
        title: t('orderDesk.deleteDialog.title'),
        text: t('orderDesk.deleteDialog.text'),
        confirmButtonText: t('orderDesk.deleteDialog.yes'),
        cancelButtonText: t('orderDesk.deleteDialog.no'),
      },
      run: () => deleteOrder.mutateAsync(order._id),
      success: { title: t('orderDesk.deleted.title'), text: t('orderDesk.deleted.text', { name: order.name }) },
    });
  }

  return { busy: updateStatus.isPending || deleteOrder.isPending, changeStatus, remove };
}

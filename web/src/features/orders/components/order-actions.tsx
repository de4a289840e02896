import { useT } from '../../../lib/i18n/i18n';
import type { Order } from '../api/get-orders';
import { orderDeskMessages } from '../messages/order-desk';
import type { useOrderActions } from '../use-order-actions';

type OrderActionsProps = {
  order: Order;
  actions: ReturnType<typeof useOrderActions>;
  /** The id of what names the order, so that each button says which order it acts on. */
  describedBy: string;
  /** A removed order can no longer be deleted (the order page shows removed orders too). */
  removed?: boolean;
};

/** Confirm and Cancel (a Pending order only) and Delete. */
export function OrderActions({ order, actions, describedBy, removed = false }: OrderActionsProps) {
  const t = useT(orderDeskMessages);
  const pending = order.status === 'Pending' && !removed;
  return (
    <div className="data-table__actions order-actions">
      <button
        type="button"
        className="button button--primary button--small"
        aria-describedby={describedBy}
        disabled={actions.busy || !pending}
        onClick={() => void actions.changeStatus(order, 'Confirmed')}
      >
        {t('orderDesk.confirm')}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-describedby={describedBy}
        disabled={actions.busy || !pending}
        onClick={() => void actions.changeStatus(order, 'Canceled')}
      >
        {t('orderDesk.cancel')}
      </button>
      <button
        type="button"
        className="button button--danger button--small"
        aria-describedby={describedBy}
        disabled={actions.busy || removed}
        onClick={() => void actions.remove(order)}
      >
        {t('orderDesk.delete')}
      </button>
    </div>
  );
}

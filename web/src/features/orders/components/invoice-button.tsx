import { useDownload } from '../../../lib/download';
import { downloadInvoice } from '../api/order-pdfs';
import { useT } from '../../../lib/i18n/i18n';
import { ordersMessages } from '../messages/orders';

/** Invoice: downloads the order's invoice as a PDF; a failure is shown in the error dialog. */
export function InvoiceButton({ order, describedBy }: { order: { _id: string; orderNumber: number }; describedBy?: string }) {
  const { busy, run } = useDownload(() => downloadInvoice(order));
  const t = useT(ordersMessages);
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-describedby={describedBy}
      onClick={run}
      disabled={busy}
      aria-busy={busy}
      data-testid="invoice-button"
    >
      {busy ? t('orders.preparing') : t('orders.invoice')}
    </button>
  );
}

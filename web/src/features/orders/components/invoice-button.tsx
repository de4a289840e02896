import { useDownload } from '../../../lib/download';
import { downloadInvoice } from '../api/order-pdfs';

/** Invoice: downloads the order's invoice as a PDF; a failure is shown in the error dialog. */
export function InvoiceButton({ order, describedBy }: { order: { _id: string; orderNumber: number }; describedBy?: string }) {
  const { busy, run } = useDownload(() => downloadInvoice(order));
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
      {busy ? 'Preparing...' : 'Invoice'}
    </button>
  );
}

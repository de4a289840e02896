import { useState } from 'react';
import { downloadInvoice } from '../api/order-pdfs';

/** Invoice: downloads the order's invoice as a PDF; a failure is shown in the error dialog. */
export function InvoiceButton({ order, describedBy }: { order: { _id: string; orderNumber: number }; describedBy?: string }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadInvoice(order);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-describedby={describedBy}
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      data-testid="invoice-button"
    >
      {busy ? 'Preparing...' : 'Invoice'}
    </button>
  );
}

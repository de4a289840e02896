import { useDownload } from '../../../lib/download';
import { loadSwal } from '../../../lib/dialog';
import { downloadPackingSlips, MAX_PACKING_SLIPS } from '../api/order-pdfs';

/** Says that packing slips are printed for 50 orders at most (the server's limit). */
export async function showTooManySlips(): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({ icon: 'info', titleText: 'Too many orders', text: `Packing slips are printed for at most ${MAX_PACKING_SLIPS} orders at a time.` });
}

/**
 * Packing slips (N): one PDF with a page per chosen order. The desk lets no more than 50 be
 * chosen; were there more, the dialog says so and nothing is asked of the server.
 */
export function PackingSlipsButton({ orderIds }: { orderIds: readonly string[] }) {
  const count = orderIds.length;
  // Were more chosen than the server takes, the dialog says so and nothing is asked of it.
  const { busy, run } = useDownload(() => (count > MAX_PACKING_SLIPS ? showTooManySlips() : downloadPackingSlips(orderIds)));
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={run}
      disabled={busy || count === 0}
      aria-busy={busy}
      data-testid="packing-slips-button"
    >
      {busy ? 'Preparing...' : `Packing slips (${count})`}
    </button>
  );
}

import { useDownload } from '../../../lib/download';
import { loadSwal } from '../../../lib/dialog';
import { useLanguage, useT, type Translate } from '../../../lib/i18n/i18n';
import { formatNumber, type Lang } from '../../../../../src/shared/locale-format';
import { downloadPackingSlips, MAX_PACKING_SLIPS } from '../api/order-pdfs';
import { orderDeskMessages, type OrderDeskId } from '../messages/order-desk';

/** Says that packing slips are printed for 50 orders at most (the server's limit); `t`: the caller's useT(orderDeskMessages). */
export async function showTooManySlips(t: Translate<OrderDeskId>, lang: Lang): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    icon: 'info',
    titleText: t('orderDesk.tooMany.title'),
    text: t('orderDesk.tooMany.text', { max: formatNumber(MAX_PACKING_SLIPS, lang) }),
    confirmButtonText: t('orderDesk.ok'),
  });
}

/**
 * Packing slips (N): one PDF with a page per chosen order. The desk lets no more than 50 be
 * chosen; were there more, the dialog says so and nothing is asked of the server.
 */
export function PackingSlipsButton({ orderIds }: { orderIds: readonly string[] }) {
  const t = useT(orderDeskMessages);
  const lang = useLanguage();
  const count = orderIds.length;
  // Were more chosen than the server takes, the dialog says so and nothing is asked of it.
  const { busy, run } = useDownload(() => (count > MAX_PACKING_SLIPS ? showTooManySlips(t, lang) : downloadPackingSlips(orderIds)));
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={run}
      disabled={busy || count === 0}
      aria-busy={busy}
      data-testid="packing-slips-button"
    >
      {busy ? t('orderDesk.preparing') : t('orderDesk.packingSlips', { count: formatNumber(count, lang) })}
    </button>
  );
}

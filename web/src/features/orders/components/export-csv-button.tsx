import { useDownload } from '../../../lib/download';
import { useT } from '../../../lib/i18n/i18n';
import { exportOrdersCsv } from '../api/export-orders';
import type { DeskFilter } from '../desk-filter';
import { orderDeskMessages } from '../messages/order-desk';

/** Export CSV: the orders the desk's current filter (the one in the URL, not what is typed yet) lets through, every page. */
export function ExportCsvButton({ filter }: { filter: DeskFilter }) {
  const t = useT(orderDeskMessages);
  const { busy, run } = useDownload(() => exportOrdersCsv(filter));
  return (
    <button type="button" className="button button--secondary button--small" onClick={run} disabled={busy} aria-busy={busy}>
      {busy ? t('orderDesk.exporting') : t('orderDesk.exportCsv')}
    </button>
  );
}

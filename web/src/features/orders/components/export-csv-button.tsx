import { useDownload } from '../../../lib/download';
import { exportOrdersCsv } from '../api/export-orders';
import type { DeskFilter } from '../desk-filter';

/** Export CSV: the orders the desk's current filter (the one in the URL, not what is typed yet) lets through, every page. */
export function ExportCsvButton({ filter }: { filter: DeskFilter }) {
  const { busy, run } = useDownload(() => exportOrdersCsv(filter));
  return (
    <button type="button" className="button button--secondary button--small" onClick={run} disabled={busy} aria-busy={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </button>
  );
}

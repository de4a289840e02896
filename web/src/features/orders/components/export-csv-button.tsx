import { useState } from 'react';
import { exportOrdersCsv } from '../api/export-orders';
import type { DeskFilter } from '../desk-filter';

/** Export CSV: the orders the desk's current filter (the one in the URL, not what is typed yet) lets through, every page. */
export function ExportCsvButton({ filter }: { filter: DeskFilter }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await exportOrdersCsv(filter);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button--secondary button--small" onClick={() => void run()} disabled={busy} aria-busy={busy}>
      {busy ? 'Exporting...' : 'Export CSV'}
    </button>
  );
}

import { downloadFile } from '../../../lib/download';
import { deskQuery, type DeskFilter } from '../desk-filter';

/**
 * Admin only: downloads every order `filter` lets through (GET /api/orders/export.csv, the desk's
 * own query without paging) as the server names the file; failures shown in the error dialog.
 */
export function exportOrdersCsv(filter: DeskFilter): Promise<boolean> {
  const query = new URLSearchParams(deskQuery(filter)).toString();
  return downloadFile(`orders/export.csv${query ? `?${query}` : ''}`, 'orders.csv');
}

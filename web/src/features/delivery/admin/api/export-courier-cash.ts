import { downloadFile } from '../../../../lib/download';
import { periodQuery, type CashPeriod } from './get-courier-cash';

/** Admin only: the courier cash report as CSV (GET /api/stats/courier-cash.csv), saved as the server names it; failures shown in the error dialog. */
export function downloadCourierCash(period: CashPeriod): Promise<boolean> {
  const query = new URLSearchParams(periodQuery(period)).toString();
  return downloadFile(`stats/courier-cash.csv${query ? `?${query}` : ''}`, 'courier-cash.csv');
}

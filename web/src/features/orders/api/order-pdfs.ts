import { downloadFile } from '../../../lib/download';

/** Packing slips in one file at most (the server's limit too). */
export const MAX_PACKING_SLIPS = 50;

/** An order's invoice (GET /api/orders/:id/invoice.pdf, its owner or an admin), saved as the server names it. */
export function downloadInvoice(order: { _id: string; orderNumber: number }): Promise<boolean> {
  return downloadFile(`orders/${encodeURIComponent(order._id)}/invoice.pdf`, `invoice-${order.orderNumber}.pdf`);
}

/** Admin only: the packing slips of up to 50 orders, one page each (GET /api/orders/packing-slips.pdf?ids=). */
export function downloadPackingSlips(orderIds: readonly string[]): Promise<boolean> {
  const query = new URLSearchParams({ ids: orderIds.join(',') }).toString();
  return downloadFile(`orders/packing-slips.pdf?${query}`, 'packing-slips.pdf');
}

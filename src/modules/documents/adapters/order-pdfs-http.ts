import { z } from 'zod';
import type { Context, MiddlewareHandler } from 'hono';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { sendError } from '../../../platform/http/respond.js';
import { idPattern } from '../../../shared/ids.js';
import { idString } from '../../../platform/http/wire.js';
import type { AuthVariables } from '../../identity/index.js';
import { invoiceFileName, packingSlipsFileName, type OrderDocument, type ShopIdentity } from '../domain/invoice.js';
import { orderNotFound, type OrderReads } from '../../ordering/index.js';
import { defaultMaxDocumentLines, invoiceFor, maxPackingSlips, packingSlipsFor } from '../order-documents.js';
import { createPdfRenderer, type PdfLimits, type PdfRenderer } from './pdf-documents.js';

const tag = 'Orders';

const pdfAnswer = (description: string, example: string) => ({
  description,
  type: 'application/pdf',
  headers: { 'Content-Disposition': `attachment; filename="${example}"` },
});

const idsQuery = z.object({
  ids: z
    .string({ message: `ids is required: 1 to ${maxPackingSlips} order ids separated by commas` })
    .transform((ids) => ids.split(',').map((id) => id.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(idPattern, 'ids must be order ids separated by commas'))
        .min(1, `ids is required: 1 to ${maxPackingSlips} order ids separated by commas`)
        .max(maxPackingSlips, `At most ${maxPackingSlips} packing slips at a time`),
    )
    .meta({ description: `1 to ${maxPackingSlips} order ids (the orders' _id), separated by commas.` }),
});

/** `?lang=en|bn` (issue 18): the language of the page(s); without it, each order's own. */
const langField = z
  .enum(['en', 'bn'], { message: 'lang must be en or bn' })
  .optional()
  .meta({ description: "The document's language: `en` or `bn`. Without it, each order's own: the language it was placed in (English for orders placed before languages existed)." });
const langQuery = z.object({ lang: langField });

/** A PDF, streamed, saved under its name; personal data, so never kept by a cache. */
async function sendPdf(c: Context<{ Variables: AuthVariables }>, render: PdfRenderer, docs: OrderDocument[], fileName: string, title: string) {
  const body = await render(docs, title, c.var.user.id);
  if (!body.ok) {
    c.header('Retry-After', body.error.code === 'ordering/documents-busy' ? '5' : '10');
    return sendError(c, body.error);
  }
  return c.body(body.value, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
  });
}

/**
 * Invoices and packing slips (issue 17, decision 034). Mounted before ordering's GET /orders/:id:
 * Hono runs routes in the order they were added, and /orders/packing-slips.pdf would otherwise be
 * read as an order id; createApp refuses a router list where it is not (decision 050).
 */
export function orderPdfRoutes(deps: {
  orders: Pick<OrderReads, 'listedById'>;
  shop: ShopIdentity;
  documents?: { maxLines?: number; limits?: PdfLimits } | undefined;
  /** The customer records an account claimed, as the owners of the orders the staff took for them (issue 36). */
  claimedOwners?: ((userId: string) => Promise<string[]>) | undefined;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireStaff: StaffGuard;
}) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ user: deps.requireUser as MiddlewareHandler, staff: deps.requireStaff });
  const render = createPdfRenderer(deps.documents?.limits);
  const documentDeps = { orders: deps.orders, shop: deps.shop, maxLines: deps.documents?.maxLines ?? defaultMaxDocumentLines, claimedOwners: deps.claimedOwners ?? (async () => []) };
  app.handle(
    {
      method: 'get',
      path: '/orders/packing-slips.pdf',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: 'Packing slips for the chosen orders, one page each (PDF)',
      description: `For the packer: who and where, the lines with a box to tick, and the amount to collect on delivery; no prices. 1 to ${maxPackingSlips} orders; an id that names no order answers 404 for the whole file (to those who only pack, an order that is not Confirmed names none, issue 36), and a Canceled order 409 ordering/order-canceled naming every canceled one (a slip goes into a parcel: none for an order not sent). An order of more lines than MAX_ORDER_LINES (imported, or placed before the limit) answers 409 ordering/document-too-large. PDFs are made a few at a time: past that 429 ordering/documents-busy, and a user with 2 in progress gets 429 ordering/documents-in-progress, both with Retry-After.`,
      query: idsQuery.extend({ lang: langField }),
      answers: { 200: pdfAnswer('An A4 PDF, one page per order.', 'packing-slips-10001-10005.pdf') },
      errors: ['ordering/order-not-found', 'ordering/order-canceled', 'ordering/document-too-large', 'ordering/documents-in-progress', 'ordering/documents-busy'],
    },
    async (c, { query }) => {
      const user = c.var.user;
      const docs = await packingSlipsFor(documentDeps, { userId: user.id, email: user.email, role: user.role }, query.ids, query.lang);
      if (!docs.ok) return sendError(c, docs.error);
      return sendPdf(c, render, docs.value, packingSlipsFileName(docs.value), 'Packing slips');
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/orders/:id/invoice.pdf',
      tag,
      access: 'user',
      summary: "An order's invoice (PDF)",
      description: 'For its owner while it is listed, and for staff holding orders.read (admin, desk, auditor); to anyone else the order does not exist (404). The lines, the totals in BDT and the amount to pay on delivery. An order of more lines than MAX_ORDER_LINES (imported, or placed before the limit) answers 409 ordering/document-too-large. PDFs are made a few at a time: past that 429 ordering/documents-busy, and a user with 2 in progress gets 429 ordering/documents-in-progress, both with Retry-After.',
      params: { id: idString },
      badParams: orderNotFound(),
      query: langQuery,
      answers: { 200: pdfAnswer('An A4 PDF.', 'invoice-10001.pdf') },
      errors: ['ordering/order-not-found', 'ordering/document-too-large', 'ordering/documents-in-progress', 'ordering/documents-busy'],
    },
    async (c, { params, query }) => {
      const user = c.var.user;
      const doc = await invoiceFor(documentDeps, { userId: user.id, email: user.email, role: user.role }, params.id, query.lang);
      if (!doc.ok) return sendError(c, doc.error);
      return sendPdf(c, render, [doc.value], invoiceFileName(doc.value), `Invoice ${doc.value.orderNumber}`);
    },
  );
  return app;
}

import type { Context } from 'hono';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { sendError } from '../../../platform/http/respond.js';
import { createWorkGate } from '../../../platform/work-gate.js';
import { appError } from '../../../shared/errors.js';
import type { Clock } from '../../../shared/clock.js';
import type { AuthVariables } from '../../identity/index.js';
import { deskFilterOf, deskFilterSchema, type OrderReads, type OrderState } from '../../ordering/index.js';
import { dhakaDay } from '../../../shared/shop-time.js';
import { orderCsvRow, ordersCsvColumns, ordersCsvHeader } from '../domain/orders-csv.js';
import { exportOrders } from '../export-orders.js';

const encoder = new TextEncoder();

/**
 * A pull stream over the pages: the next page is read only when the connection has taken the last
 * one (Node's socket drains, the web stream asks again: highWaterMark 0 keeps nothing read ahead),
 * so memory holds about one page whatever the export's length and however slowly it is read
 * (issue 40). A client that goes away cancels the stream, which ends the generator. `done` runs
 * once, when the stream ends in any way.
 */
export function csvStream(first: string, pages: AsyncGenerator<OrderState[], void, undefined>, done: () => void = () => {}): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(first));
      },
      async pull(controller) {
        try {
          const next = await pages.next();
          if (next.done) {
            controller.close();
            done();
          } else controller.enqueue(encoder.encode(next.value.map(orderCsvRow).join('')));
        } catch (error) {
          done();
          throw error;
        }
      },
      async cancel() {
        done();
        await pages.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Exports running at once, shop-wide (issue 40, decision 047): each holds a page and a database
 * read per pull for as long as its reader takes. Past them: 429 ordering/exports-busy, Retry-After.
 */
export const maxExportsAtOnce = 2;

type ExportDeps = { orders: Pick<OrderReads, 'pageAfter'>; clock: Clock; requireStaff: StaffGuard };

/**
 * GET /orders/export.csv (issue 17). Mounted before ordering's GET /orders/:id, which would otherwise
 * take `export.csv` for an id: createApp refuses a router list where it is not (decision 050).
 */
export function ordersExportRoutes(deps: ExportDeps) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ staff: deps.requireStaff });
  const running = createWorkGate({ atOnce: maxExportsAtOnce, maxWaiting: 0 });
  app.handle(
    {
      method: 'get',
      path: '/orders/export.csv',
      tag: 'Orders',
      access: 'staff',
      permission: 'orders.read',
      summary: "The admins' desk as CSV: every order its filter lets through, newest first",
      description: [
        'The same `q`, `status`, `from` and `to` as GET /allOrders (and the same 400s), without paging: every matching order, streamed.',
        `Columns: ${ordersCsvColumns.join(', ')}. Times in Dhaka time (YYYY-MM-DD HH:mm), money in whole taka.`,
        `Streamed as it is read, a page of orders at a time; at most ${maxExportsAtOnce} exports at once (past that 429 ordering/exports-busy with Retry-After).`,
        'RFC 4180 with CRLF line ends and a UTF-8 byte order mark; a cell that starts with = + - @, a tab or CR (also behind spaces or invisible characters, or as fullwidth ＝ ＋ － ＠) is written after an apostrophe, so a spreadsheet shows it as text.',
      ].join(' '),
      query: deskFilterSchema,
      errors: ['ordering/exports-busy'],
      answers: {
        200: {
          description: 'The CSV file.',
          type: 'text/csv',
          headers: { 'Content-Disposition': 'attachment; filename="orders-YYYY-MM-DD.csv" (today in Dhaka; orders-<status>-YYYY-MM-DD.csv when filtered by status)' },
        },
      },
    },
    async (c: Context<{ Variables: AuthVariables }>, { query }) => {
      const user = c.var.user;
      const pages = exportOrders(deps, { userId: user.id, email: user.email, role: user.role }, deskFilterOf(query));
      if (!pages.ok) return sendError(c, pages.error);
      const release = running.tryEnter();
      if (!release) {
        c.header('Retry-After', '30');
        return sendError(c, appError('ordering/exports-busy', `${maxExportsAtOnce} exports are running right now. Try again in a minute.`));
      }
      // The first page is read before the answer starts, so a database that fails at once answers a
      // 500 with its request id instead of a cut file.
      let first: IteratorResult<OrderState[], void>;
      try {
        first = await pages.value.next();
      } catch (error) {
        release();
        throw error;
      }
      const head = ordersCsvHeader() + (first.done ? '' : first.value.map(orderCsvRow).join(''));
      const name = ['orders', ...(query.status ? [query.status.toLowerCase()] : []), dhakaDay(deps.clock.now())].join('-');
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${name}.csv"`);
      c.header('Cache-Control', 'no-store');
      if (first.done) {
        release();
        return c.body(head);
      }
      return c.body(csvStream(head, pages.value, release));
    },
  );
  return app;
}

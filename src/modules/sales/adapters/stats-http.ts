import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { pageFields, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { pageAnswer } from '../../../platform/http/wire.js';
import type { AuthVariables } from '../../identity/index.js';
import { salesBuckets } from '../domain/sales.js';
import { dayField } from '../../ordering/index.js';
import { defaultDays, maxBuckets, salesByBucket, salesSummary, topProducts, type SalesStatsDeps } from '../sales-stats.js';

const rangeFields = {
  from: dayField('from').meta({ description: `The first day (YYYY-MM-DD, Dhaka time), included; ${defaultDays - 1} days before \`to\` when absent.` }),
  to: dayField('to').meta({ description: 'The last day (YYYY-MM-DD, Dhaka time), included; today when absent.' }),
};

const salesQuery = z.object({
  ...rangeFields,
  bucket: z.enum(salesBuckets, { message: 'bucket must be day, week or month' }).optional().meta({ description: 'day (default), week (from Sunday) or month.' }),
});

const topPageSize = { default: 10, max: 50 };
const topQuery = z.object({
  ...rangeFields,
  limit: z
    .string()
    .regex(/^\d{1,7}$/, `must be a whole number from 1 to ${topPageSize.max}`)
    .transform(Number)
    .pipe(z.number().min(1, 'must be at least 1').max(topPageSize.max, `must be at most ${topPageSize.max}`))
    .default(topPageSize.default)
    .meta({ description: `Products per page, 1 to ${topPageSize.max}; ${topPageSize.default} when absent.` }),
  offset: pageFields.offset,
});

const figure = z.object({ orders: z.number().int(), amount: z.number().int().meta({ description: 'Order totals in taka.' }) });
const figures = {
  confirmed: figure,
  pending: figure,
  canceled: figure.meta({ description: 'Canceled by the shop or by the customer.' }),
  deleted: figure.meta({ description: 'Deleted by an admin while not Canceled.' }),
};
const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(salesBuckets),
  buckets: z
    .array(z.object({ start: z.string().meta({ description: "The bucket's first day (a Sunday, the 1st), or `from`." }), ...figures }))
    .meta({ description: 'Every bucket of the range, oldest first, zeros included.' }),
  totals: z.object(figures),
  advances: z
    .object({ paidOrders: z.number().int(), paidAmount: z.number().int(), refundedOrders: z.number().int(), refundedAmount: z.number().int() })
    .meta({ description: 'Advances paid through bKash in the range (by the Dhaka day paid) and refunds made (by the day refunded), in taka (issue 35).' }),
});
export type SalesReportDto = z.infer<typeof salesReportSchema>;

const periodSchema = z.object({ from: z.string(), to: z.string(), ...figures, canceledShare: z.number().meta({ description: 'Canceled out of Pending, Confirmed and Canceled orders; 0 when none.' }) });
const summarySchema = z.object({
  today: z.string().meta({ description: "Today's date in Dhaka." }),
  asOf: z.string().meta({ description: 'ISO 8601.' }),
  periods: z.object({ today: periodSchema, last7Days: periodSchema, last30Days: periodSchema }),
});
export type SalesSummaryDto = z.infer<typeof summarySchema>;

const productSalesSchema = z.object({
  productId: z.string(),
  title: z.string().meta({ description: 'As the latest order of the range named it.' }),
  orders: z.number().int(),
  quantity: z.number().int(),
  revenue: z.number().int().meta({ description: 'Line prices in taka (before coupons and delivery).' }),
});
export type ProductSalesDto = z.infer<typeof productSalesSchema>;

const tag = 'Stats';
const fromProjection = 'Read from the sales projection (decision 033): orders by the Dhaka day they were placed, as they stand now.';

/** The admins' sales figures (issue 17). */
export function statsRoutes(deps: SalesStatsDeps & { requireStaff: StaffGuard }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter<{ Variables: AuthVariables }>({ staff: deps.requireStaff });
  app.handle(
    {
      method: 'get',
      path: '/stats/sales',
      tag,
      access: 'staff',
      permission: 'sales.read',
      summary: 'Orders and taka per day, week or month, by kind',
      description: `${fromProjection} At most ${maxBuckets} buckets.`,
      query: salesQuery,
      answers: { 200: { description: 'Every bucket of the range and the totals.', body: salesReportSchema } },
    },
    async (c, { query }) => sendResult(c, await salesByBucket(deps, query)),
  );

  app.handle(
    {
      method: 'get',
      path: '/stats/summary',
      tag,
      access: 'staff',
      permission: 'sales.read',
      summary: 'Today, the last 7 and the last 30 days',
      description: fromProjection,
      answers: { 200: { description: 'The three periods.', body: summarySchema } },
    },
    async (c) => c.json(await salesSummary(deps)),
  );

  app.handle(
    {
      method: 'get',
      path: '/stats/top-products',
      tag,
      access: 'staff',
      permission: 'sales.read',
      summary: 'The products most sold',
      description: `${fromProjection} Pending and Confirmed orders; most units first, then most taka.`,
      query: topQuery,
      answers: { 200: pageAnswer('A page of products.', productSalesSchema) },
    },
    async (c, { query }) => {
      const { from, to, limit, offset } = query;
      const page = await topProducts(deps, { from, to }, { limit, offset });
      return page.ok ? sendPage(c, page.value, (p) => p) : sendError(c, page.error);
    },
  );
  return app;
}

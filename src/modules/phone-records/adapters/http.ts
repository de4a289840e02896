import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { sendError } from '../../../platform/http/respond.js';
import { idString } from '../../../platform/http/wire.js';
import type { AuthVariables } from '../../identity/index.js';
import { orderNotFound, type OrderReads } from '../../ordering/index.js';
import { phoneRecord, type PhoneRecordsDeps } from '../use-cases.js';

const tally = z.object({ courier: z.string(), total: z.number().int(), delivered: z.number().int(), returned: z.number().int() });

const recordSchema = z.object({
  phone: z.string(),
  own: z
    .object({ placed: z.number().int(), delivered: z.number().int(), returned: z.number().int(), canceledByShop: z.number().int(), canceledByCustomer: z.number().int() })
    .meta({ description: "The shop's own orders of this phone: placed, parcels delivered (whole or in part) and returned, orders canceled by the shop and by the customer." }),
  couriers: z
    .array(z.object({ source: z.string(), total: z.number().int(), delivered: z.number().int(), returned: z.number().int(), couriers: z.array(tally), checkedAt: z.string() }))
    .meta({ description: "The couriers' records where the owner set keys (Steadfast's fraud check; BD Courier), each as last fetched (kept a day)." }),
  unavailable: z.array(z.object({ source: z.string(), message: z.string() })).meta({ description: 'Sources that did not answer now.' }),
  good: z.boolean().meta({ description: 'Advice only, never a block: at least one parcel delivered and at least goodPercent % of the finished ones delivered (ours and the couriers\').' }),
  goodPercent: z.number().int(),
});

export function phoneRecordRoutes(deps: PhoneRecordsDeps & { orders: Pick<OrderReads, 'byId'>; requireStaff: StaffGuard }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ staff: deps.requireStaff });
  app.handle(
    {
      method: 'get',
      path: '/orders/:id/record',
      tag: 'Orders',
      access: 'staff',
      permission: 'customers.read',
      summary: "The delivery record of an order's phone number (issue 35)",
      description: "The shop's own record of the order's phone and the couriers' where keys are set, as advice at the desk: the shop never refuses an order for it (the advance rule may ask an advance of a phone without a good record, ADVANCE_WHEN=no-good-record).",
      params: { id: idString },
      badParams: orderNotFound(),
      answers: { 200: { description: 'The record.', body: recordSchema } },
      errors: ['ordering/order-not-found'],
    },
    async (c, { params }) => {
      const order = await deps.orders.byId(params.id);
      if (!order || order.deleted) return sendError(c, orderNotFound());
      const record = await phoneRecord(deps, order.placed.phone);
      const { placed, delivered, returned, canceledByShop, canceledByCustomer } = record.own;
      return c.json({
        phone: record.phone,
        own: { placed, delivered, returned, canceledByShop, canceledByCustomer },
        couriers: record.couriers.map((r) => ({ source: r.source, total: r.total, delivered: r.delivered, returned: r.returned, couriers: r.couriers, checkedAt: r.checkedAt.toISOString() })),
        unavailable: record.unavailable,
        good: record.good,
        goodPercent: record.goodPercent,
      });
    },
  );
  return app;
}

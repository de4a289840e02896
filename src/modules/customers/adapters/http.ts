import { z } from 'zod';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { deliveryZones } from '../../../shared/money.js';
import type { AuthVariables } from '../../identity/index.js';
import { bdMobileField, historySchema, type OrderReads } from '../../ordering/index.js';
import type { CustomerStore } from '../ports.js';

const customerSchema = z.object({
  id: z.string(),
  phone: z.string(),
  name: z.string().meta({ description: "The latest name the staff wrote ('' for a record a proven phone made before any order was taken for it)." }),
  address: z.string(),
  district: z.string().nullable(),
  thana: z.string().nullable(),
  deliveryLocation: z.enum(deliveryZones).nullable(),
  claimed: z.boolean().meta({ description: 'An account proved this phone with a checkout code: it sees the orders taken for this record.' }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const lastOrderSchema = z
  .object({
    orderNumber: z.number().int(),
    name: z.string(),
    address: z.string(),
    district: z.string().nullable(),
    thana: z.string().nullable(),
    deliveryLocation: z.string(),
    orderTime: z.string(),
  })
  .meta({ description: 'The newest order on the desk placed with this phone, online or taken by the staff (its name and address to start from); null when none.' });

/** How many of the desk's newest orders matching the digits are read to find the phone's newest (the search matches parts of numbers too). */
const lastOrderScan = 20;

export function customerRoutes(deps: { store: CustomerStore; orders: Pick<OrderReads, 'historyOf' | 'pageAfter'>; requireStaff: StaffGuard }) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ staff: deps.requireStaff });
  app.handle(
    {
      method: 'get',
      path: '/customers',
      tag: 'Orders',
      access: 'staff',
      permission: ['orders.take', 'customers.read'],
      summary: 'A customer by phone number, with the orders of that phone (issue 36)',
      description:
        "Before taking an order at the desk: the customer record of this phone (the people the staff take orders for, kept by phone; null when none yet), the newest order placed with it online or at the desk, and every order of the phone by outcome, whoever placed it. A phone that is not a Bangladeshi mobile number is 400 http/validation.",
      query: z.object({ phone: bdMobileField() }),
      answers: {
        200: {
          description: 'What the shop knows of this phone.',
          body: z.object({ phone: z.string().meta({ description: 'The number as kept: +8801XXXXXXXXX.' }), customer: customerSchema.nullable(), lastOrder: lastOrderSchema.nullable(), history: historySchema }),
        },
      },
    },
    async (c, { query }) => {
      const { phone } = query;
      const [record, history, newest] = await Promise.all([deps.store.byPhone(phone), deps.orders.historyOf(phone), deps.orders.pageAfter({ q: phone }, null, lastOrderScan)]);
      const last = newest.find((o) => o.placed.phone === phone);
      return c.json({
        phone,
        customer: record
          ? {
              id: record.id,
              phone: record.phone,
              name: record.name,
              address: record.address,
              district: record.district,
              thana: record.thana,
              deliveryLocation: record.deliveryLocation,
              claimed: record.userId !== null,
              createdAt: record.createdAt.toISOString(),
              updatedAt: record.updatedAt.toISOString(),
            }
          : null,
        lastOrder: last
          ? {
              orderNumber: last.placed.orderNumber ?? 0,
              name: last.placed.name,
              address: last.placed.address,
              district: last.placed.district ?? null,
              thana: last.placed.thana ?? null,
              deliveryLocation: last.placed.deliveryLocation,
              orderTime: last.placedAt.toISOString(),
            }
          : null,
        history,
      });
    },
  );
  return app;
}

import { z } from 'zod';
import { acceptLanguageHeader } from '../../../platform/http/accept-language.js';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { idSchema } from '../../../platform/http/wire.js';
import { deliveryFees, deliveryZones } from '../../../shared/money.js';
import { takenChannels, staffDiscountMaxOf, type StaffDiscountMax } from '../../../shared/staff-orders.js';
import type { AuthVariables, CurrentUser } from '../../identity/index.js';
import type { Actor } from '../domain/order.js';
import { placeOrder, quoteTakenOrder, type PlaceOrderDeps, type PlaceOrderInput, type TakenAsk } from '../place-order.js';
import { areaOfBody, couponRefusals, distinctLines, placementRefusals, freshTotalsSchema, idempotencyKey, orderDto, orderLineSchema, orderSchema, sendPlaceError } from './http.js';
import { bdMobileField } from './phone-field.js';

// Orders taken by the shop's staff for a person without an account (issue 36, decision 064): on the
// phone, from Messenger or a Facebook comment, at the counter. The same unit of work as POST
// /api/orders prices and checks them; the owner is the phone's customer record.

const reason = (what: string) =>
  z
    .string({ message: `Say why you ${what}` })
    .trim()
    .min(1, `Say why you ${what}`)
    .max(200, 'The reason is at most 200 characters');

const lineSchema = z.object({
  productId: idSchema('productId is not a product id'),
  size: z.string().trim().max(40).default('').meta({ description: 'One of the product\'s sizes, or "" to take the first size in stock.' }),
  color: z.string().trim().max(40).default('').meta({ description: 'One of the product\'s colors, or "" as size.' }),
  quantity: z.number({ message: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(99, 'Quantity is at most 99'),
});

/** What the desk sends: the customer, the lines, the zone and coupon as checkout takes them, the channel, and what is given with why. */
const takeBody = z
  .object({
    customer: z.object({
      name: z.string({ message: 'Full name is required' }).trim().min(1, 'Full name is required').max(80, 'Full name is at most 80 characters'),
      phone: bdMobileField(),
      address: z.string({ message: 'Address is required' }).trim().min(1, 'Address is required').max(500, 'Address is at most 500 characters'),
      district: z.string().trim().max(60).optional().meta({ description: "One of Bangladesh's 64 districts (English or Bengali name, or its id, as GET /api/areas lists them); with `thana` it names the zone." }),
      thana: z.string().trim().max(80).optional().meta({ description: 'A thana or upazila of the district (required with district).' }),
    }),
    lines: z
      .array(lineSchema)
      .min(1, 'Add at least one item')
      .max(1000, 'At most 1000 items')
      .meta({ description: 'The items, each a variant and its quantity, at the catalogue\'s price now; at most MAX_ORDER_LINES (409 ordering/too-many-lines), each variant once.' }),
    deliveryLocation: z.enum(deliveryZones, { message: 'Choose Inside Dhaka, Suburbs Dhaka or Outside Dhaka' }),
    appliedCoupon: z
      .string()
      .trim()
      .max(32)
      .nullish()
      .transform((c) => c || undefined),
    channel: z.enum(takenChannels, { message: `channel must be one of ${takenChannels.join(', ')}` }),
    discount: z
      .object({
        amount: z.number({ message: 'The discount is a number of taka' }).int('The discount is whole taka').min(1, 'The discount is at least 1 taka').max(10_000_000),
        reason: reason('give the discount'),
      })
      .optional()
      .meta({ description: "A discount in whole taka on top of the coupon's, with why: at most what the items cost after the coupon (422 ordering/discount-too-large), and with a waived fee at most the caller's role's STAFF_DISCOUNT_MAX (422 ordering/discount-over-limit)." }),
    waiveDeliveryFee: z.object({ reason: reason('waive the delivery fee') }).optional().meta({ description: "The delivery fee waived, with why; it counts towards the caller's STAFF_DISCOUNT_MAX." }),
    lang: z.enum(['en', 'bn']).optional().meta({ description: "The customer's language: their SMS and invoice speak it. Absent: the request's Accept-Language." }),
    amount: z
      .number({ message: 'amount must be the total in BDT, a number' })
      .min(0)
      .max(10 ** 12)
      .optional()
      .meta({ description: 'The total the desk showed (its quote); a different total now answers 409 ordering/total-changed with `error.fresh`, and nothing is stored.' }),
  })
  .transform(({ customer: { district: districtName, thana: thanaName, ...customer }, ...asked }, ctx) => {
    // The district and thana (as checkout, issue 34): stored by their English names, the zone follows from them.
    const area = areaOfBody(districtName, thanaName, asked.deliveryLocation, ctx, ['customer']);
    if (area === z.NEVER || !distinctLines(asked.lines, ctx, 'lines')) return z.NEVER;
    return { ...asked, customer: { ...customer, ...area } };
  });
export type TakeOrderBody = z.input<typeof takeBody>;

const quoteAnswer = z.object({
  lines: z.array(orderLineSchema).meta({ description: 'The lines as the order would take them: the catalogue\'s price now, an open size or color filled with the variant in stock.' }),
  subtotal: z.number().int(),
  discountPercent: z.number().meta({ description: "The coupon's percentage (0: none)." }),
  couponDiscount: z.number().int(),
  shopDiscount: z.number().int().meta({ description: "The staff's discount." }),
  discount: z.number().int().meta({ description: 'couponDiscount + shopDiscount' }),
  fee: z.number().int().meta({ description: "The zone's delivery fee, or 0 when waived." }),
  feeWaived: z.boolean(),
  total: z.number().int().meta({ description: 'subtotal - discount + fee: send it back as `amount`.' }),
  givenAway: z.number().int().meta({ description: 'The discount plus a waived fee: what STAFF_DISCOUNT_MAX limits.' }),
  maxGivenAway: z.number().int().meta({ description: "The most the caller's role may give away on one order (STAFF_DISCOUNT_MAX)." }),
});
export type TakenQuoteDto = z.infer<typeof quoteAnswer>;

const errors = [...couponRefusals, ...placementRefusals, 'ordering/phone-blocked', 'ordering/discount-over-limit', 'ordering/discount-too-large', 'auth/rate-limited'] as const;

const description = (what: string) =>
  [
    what,
    "The same rules as POST /api/orders price it (each line at the catalogue's price now; discount = the coupon's percentage of the subtotal, rounded to the nearest taka, plus the staff's discount; amount = subtotal - discount + fee, the fee 0 when waived) and the same defences apply: the blocked phones (409 ordering/phone-blocked), the COD block (409 ordering/cod-blocked: a staff order is cash on delivery, no advance is offered), MAX_PENDING_PER_PHONE, ORDERS_PER_HOUR and ORDERS_PER_DAY for the phone and its customer record, MAX_ORDER_LINES, MAX_LINE_QUANTITY, MAX_ORDER_TOTAL, the coupon's rules and the stock.",
    'No checkout code is asked (the staff vouch for the phone). The customer record of the phone (GET /api/customers) is found, or made, and given the name, address and area sent.',
    `Delivery fees: ${Object.entries(deliveryFees).map(([zone, fee]) => `${zone} ${fee}`).join(', ')} BDT.`,
  ].join(' ');

export type TakeOrderHttpDeps = PlaceOrderDeps & {
  /** STAFF_DISCOUNT_MAX: the most each role may give away on one order. */
  staffDiscountMax: StaffDiscountMax;
  requireStaff: StaffGuard;
};

const actorOf = (user: CurrentUser): Actor => ({ userId: user.id, email: user.email, role: user.role });

type Taking = z.output<typeof takeBody>;

/** The body as placeOrder takes it, for the caller's role. */
function inputOf(body: Taking, user: CurrentUser, limits: StaffDiscountMax, lang: 'en' | 'bn'): PlaceOrderInput & { taken: TakenAsk } {
  const { customer, lines, deliveryLocation, appliedCoupon, channel, discount, waiveDeliveryFee, amount } = body;
  return {
    ...customer,
    deliveryLocation,
    paymentMethod: 'Cash On Delivery',
    appliedCoupon,
    amount,
    items: lines,
    lang: body.lang ?? lang,
    taken: { channel, discount, feeWaived: waiveDeliveryFee, maxGivenAway: staffDiscountMaxOf(limits, user.role) },
  };
}

export function takeOrderRoutes(deps: TakeOrderHttpDeps) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ staff: deps.requireStaff });

  app.handle(
    {
      method: 'post',
      path: '/orders/staff',
      tag: 'Orders',
      access: 'staff',
      permission: 'orders.take',
      summary: 'Take an order for a customer without an account (issue 36)',
      description: description(
        "From the desk: an order for the person on the phone, in Messenger or a Facebook comment, or at the counter, owned by the customer record of their phone (the caller is the Placed event's actor, the channel is kept with the order). The customer gets the same SMS as for an order placed online; an account that later proves the phone with a code (POST /api/phone-codes; My Orders offers it) sees the order.",
      ),
      body: takeBody,
      headers: { 'idempotency-key': idempotencyKey, 'accept-language': acceptLanguageHeader },
      answers: {
        201: { description: 'Taken: the order.', body: z.object({ insertedId: z.string(), order: orderSchema }) },
        200: { description: 'Taken before with this Idempotency-Key and body: the same answer again.', body: z.object({ insertedId: z.string(), order: orderSchema }) },
      },
      errorFields: { fresh: freshTotalsSchema },
      errors: [...errors, 'ordering/total-changed', 'ordering/idempotency-conflict'],
    },
    async (c, { body, headers }) => {
      const result = await placeOrder(deps, actorOf(c.var.user), inputOf(body, c.var.user, deps.staffDiscountMax, headers['accept-language'] ?? 'en'), headers['idempotency-key']);
      if (!result.ok) return sendPlaceError(c, result.error);
      const { order } = result.value;
      return c.json({ insertedId: order.id, order: orderDto(order) }, result.value.replayed ? 200 : 201);
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/orders/staff/quote',
      tag: 'Orders',
      access: 'staff',
      permission: 'orders.take',
      summary: 'Price an order the staff would take, and check it (issue 36)',
      description: description(
        'What POST /api/orders/staff would do now, checked by the same unit of work (the stock taken included) and then undone: nothing is stored, no coupon use is counted. `amount` is not compared.',
      ),
      body: takeBody,
      answers: { 200: { description: 'The order as it would be taken now.', body: quoteAnswer } },
      errors: [...errors],
    },
    async (c, { body }) => {
      const result = await quoteTakenOrder(deps, actorOf(c.var.user), { ...inputOf(body, c.var.user, deps.staffDiscountMax, 'en'), amount: undefined });
      // A quote compares no total: no `fresh`.
      if (!result.ok) return sendPlaceError(c, { ...result.error, fresh: undefined });
      return c.json(result.value);
    },
  );

  return app;
}

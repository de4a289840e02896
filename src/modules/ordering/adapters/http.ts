import { roleCan, roles } from '../../../shared/permissions.js';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { acceptLanguageHeader } from '../../../platform/http/accept-language.js';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { pageQuerySchema, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { idSchema, idString, numberOrItsText, pageAnswer } from '../../../platform/http/wire.js';
import { basisPointsToPercent, deliveryFee, deliveryFees, deliveryZones } from '../../../shared/money.js';
import { districtById, findDistrict, findThana, zoneOf } from '../../../shared/bd-areas.js';
import { appError } from '../../../shared/errors.js';
import { takenChannels } from '../../../shared/staff-orders.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import type { AuthVariables, CurrentUser } from '../../identity/index.js';
import { changeStatus, removeOrder } from '../change-order.js';
import { isDeliveryEvent, orderEventTypes, orderNotFound, orderStatuses, parcelStatuses, stockReturnedBy, type Actor, type OrderState } from '../domain/order.js';
import { deskFilterOf, deskQuerySchema } from './desk-query.js';
import { bdMobileField } from './phone-field.js';
import { listAllOrders, listForPacking, listMyOrders } from '../list-orders.js';
import { orderEvents } from '../order-events.js';
import { placeOrder, quoteAdvance, type PlaceOrderDeps, type PlaceOrderError } from '../place-order.js';
import { viewOrder } from '../view-order.js';
import { editOrder } from '../edit-order.js';
import type { EditedFields } from '../domain/edit.js';
import type { OrderingPorts, OrderingStores, OrderLog, OrderProjection } from '../ports.js';

export const orderLineSchema = z.object({
  productId: z.string(),
  title: z.string(),
  titleBn: z.string().optional().meta({ description: "The product's Bengali title when the order was placed (issue 33); absent when it had none. A later rename changes no past order." }),
  category: z.string(),
  image: z.string(),
  size: z.string().meta({ description: 'The size of the variant the line took ("" when the product has no sizes; older orders may have "" where it was left open).' }),
  color: z.string().meta({ description: 'The color of the variant the line took, as size.' }),
  sizeBn: z.string().optional().meta({ description: "The size's Bengali name when the order was placed (issue 33); absent when it had none." }),
  colorBn: z.string().optional().meta({ description: "The color's Bengali name when the order was placed (issue 33); absent when it had none." }),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  price: z.number().int().meta({ description: 'unitPrice x quantity' }),
});

/** An order's advance paid through bKash (issue 35, decision 061). */
export const advanceSchema = z.object({
  provider: z.literal('bkash'),
  amount: z.number().int().meta({ description: 'The advance in taka; the courier collects the total less it once paid.' }),
  reason: z.enum(['rule', 'cod-blocked']).meta({ description: "rule: the shop's advance rule; cod-blocked: asked instead of refusing a phone number the cash-on-delivery block would refuse." }),
  status: z.enum(['awaiting', 'paid', 'expired', 'refunded']).meta({ description: 'awaiting: not paid yet (the order is on no list and holds its stock until holdUntil); paid; expired: the hold ran out unpaid (the order is canceled, its stock back); refunded.' }),
  holdUntil: z.string().meta({ description: 'ISO 8601: when an unpaid order lapses.' }),
  trxId: z.string().nullable().meta({ description: "bKash's transaction id of the payment." }),
  paidAt: z.string().nullable(),
  late: z.boolean().meta({ description: 'Paid after the hold had lapsed: the order stayed canceled and the advance is to be refunded.' }),
  refund: z.object({ refundTrxId: z.string(), amount: z.number().int(), reason: z.string(), at: z.string() }).nullable(),
});
export type AdvanceDto = z.infer<typeof advanceSchema>;

export const advanceDto = (a: NonNullable<OrderState['advance']>): AdvanceDto => ({
  provider: a.provider,
  amount: a.amount,
  reason: a.reason,
  status: a.status,
  holdUntil: a.holdUntil,
  trxId: a.trxId,
  paidAt: a.paidAt?.toISOString() ?? null,
  late: a.late,
  refund: a.refund ? { ...a.refund, at: a.refund.at.toISOString() } : null,
});

/** An order taken by the staff (issue 36, decision 064): its email is '' (the customer has no account). */
export const takenSchema = z.object({
  channel: z.enum(takenChannels).meta({ description: 'Where the order came from: phone, messenger, facebook-comment or walk-in.' }),
  by: z.object({ email: z.string() }).nullable().meta({ description: 'The staff member who took it (null to the customer).' }),
  discount: z
    .object({ amount: z.number().int(), reason: z.string() })
    .nullable()
    .meta({ description: "The staff's discount as given, in taka, on top of the coupon's (the order's `discount` holds both), and why ('' to the customer); null: none." }),
  feeWaived: z.object({ reason: z.string() }).nullable().meta({ description: "The delivery fee waived (`fee` is 0), and why ('' to the customer); null: not waived." }),
});

/** The spec's order, plus the server's breakdown of the total (whole taka). */
export const orderSchema = z.object({
  _id: z.string(),
  orderNumber: z.number().int().meta({ description: 'The number to quote on the phone (10001, 10002, ...), in the order orders were placed.' }),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  district: z.string().nullable().meta({ description: 'The district chosen at checkout (English name; issue 34); null in orders placed without one.' }),
  thana: z.string().nullable().meta({ description: 'The thana or upazila chosen at checkout (English name); null in orders placed without one.' }),
  deliveryLocation: z.union([z.enum(deliveryZones), z.literal('')]).meta({ description: "'' only in an order imported from the old shop whose customer never chose a zone." }),
  paymentMethod: z.literal('Cash On Delivery'),
  appliedCoupon: z.string().nullable(),
  discountPercent: z.number(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  fee: z.number().int(),
  amount: z.number().int().meta({ description: 'subtotal - discount + fee' }),
  cartItems: z.array(orderLineSchema).meta({ description: 'The lines; a list answers at most MAX_ORDER_LINES of an order, one order at most 1000 (an order stored before the bounds may hold more: see lineCount).' }),
  lineCount: z.number().int().meta({ description: 'How many lines the order holds (more than cartItems only for an order stored before the bounds; issue 40).' }),
  status: z.enum(orderStatuses),
  canceledBy: z
    .enum(['shop', 'customer'])
    .nullable()
    .meta({ description: "Who canceled it: 'shop' (an admin), 'customer' (its customer's cancel: gone from their lists, still on the admins' desk; issue 33), null while it is not canceled." }),
  orderTime: z.string().meta({ description: 'ISO 8601.' }),
  delivery: z
    .object({
      courier: z.string().meta({ description: 'steadfast, pathao or redx.' }),
      consignmentId: z.string(),
      trackingCode: z.string(),
      status: z.enum(parcelStatuses).meta({ description: 'Where the parcel is; it never goes back, and delivered, partly_delivered and returned are final.' }),
      codAmount: z.number().int().meta({ description: 'Cash the courier is to collect (the order total).' }),
      collectedAmount: z.number().int().nullable().meta({ description: 'Cash the courier collected (delivered or partly delivered); null before.' }),
      deliveryCharge: z.number().int().nullable().meta({ description: "The courier's charge, as it quoted or reported it; null while it said none (and always to the order's customer)." }),
      message: z.string().nullable().meta({ description: "The courier's latest words about the parcel (English)." }),
      messageBn: z.string().nullable().meta({ description: "The same in Bengali, when the courier sent them." }),
      bookedAt: z.string(),
      updatedAt: z.string(),
      returnReceivedAt: z.string().nullable().meta({ description: 'When an admin received the returned (or partly delivered) parcel back; its stock came back then.' }),
      settled: z.object({ reference: z.string(), amount: z.number().int(), fee: z.number().int(), at: z.string() }).nullable().meta({ description: "The courier's payout of this parcel: its reference, what the shop received and the courier's fee (null to the order's customer)." }),
    })
    .nullable()
    .meta({ description: 'The parcel of a Confirmed order booked with a courier (issue 34); null before a booking and after a canceled one.' }),
  advance: advanceSchema.nullable().meta({ description: 'The advance asked before the order counted (issue 35); null: cash on delivery alone.' }),
  taken: takenSchema.nullable().meta({ description: "Taken by the shop's staff for a customer without an account (issue 36); null: placed by its customer." }),
});
export type OrderDto = z.infer<typeof orderSchema>;
export type DeliveryDto = NonNullable<OrderDto['delivery']>;

export const deliveryDto = (d: NonNullable<OrderState['delivery']>): DeliveryDto => ({
  courier: d.courier,
  consignmentId: d.consignmentId,
  trackingCode: d.trackingCode,
  status: d.status,
  codAmount: d.codAmount,
  collectedAmount: d.collectedAmount,
  deliveryCharge: d.deliveryCharge,
  message: d.message,
  messageBn: d.messageBn,
  bookedAt: d.bookedAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  returnReceivedAt: d.returnReceivedAt?.toISOString() ?? null,
  settled: d.settled ? { ...d.settled, at: d.settled.at.toISOString() } : null,
});

const stockLineSchema = z.object({ productId: z.string(), size: z.string(), color: z.string(), quantity: z.number().int() });

const editedFieldsSchema = z.object({
  name: z.string().optional(),
  phone: z.string().optional(),
  address: z.string().optional(),
  district: z.string().optional(),
  thana: z.string().optional(),
  deliveryLocation: z.string().optional(),
  lines: z.array(orderLineSchema).optional(),
  subtotal: z.number().int().optional(),
  discount: z.number().int().optional(),
  fee: z.number().int().optional(),
  total: z.number().int().optional(),
});

export const orderEventSchema = z.object({
  seq: z.number().int(),
  type: z.enum(orderEventTypes),
  at: z.string(),
  actor: z.object({
    email: z.string(),
    role: z.enum([...roles, 'courier', 'system']).meta({ description: "A role of the shop (admin, desk, packing, catalogue, auditor: the member of staff named by email), customer, or: courier: the courier's webhook or status call (its email is its name); system: the shop itself (a payment it confirmed with bKash, a hold that ran out; its email says which)." }),
  }),
  stock: z
    .array(stockLineSchema)
    .optional()
    .meta({ description: 'Placed: the stock the order took, variant by variant. Canceled, CanceledByCustomer or Deleted of a Pending order, or ReturnReceived: the stock it gave back.' }),
  parcel: z
    .object({
      courier: z.string().optional(),
      consignmentId: z.string().optional(),
      trackingCode: z.string().optional(),
      codAmount: z.number().int().optional(),
      collectedAmount: z.number().int().optional(),
      deliveryCharge: z.number().int().nullable().optional(),
      message: z.string().optional(),
      messageBn: z.string().optional(),
      courierAt: z.string().optional().meta({ description: 'When the courier says it happened (ISO 8601).' }),
      reference: z.string().optional(),
      amount: z.number().int().optional(),
      fee: z.number().int().optional(),
      reason: z.string().optional(),
    })
    .optional()
    .meta({ description: "A parcel's event (issue 34): what it recorded: Booked's courier, ids and cash to collect; a report's words and cash collected; Settled's payout (reference, amount, fee)." }),
  edit: z
    .object({ reason: z.string(), before: editedFieldsSchema, after: editedFieldsSchema, stockTaken: z.array(stockLineSchema) })
    .optional()
    .meta({ description: 'Edited (issue 36): why, and the changed fields before and after; the stock the edit took (what it gave back is `stock`).' }),
  payment: z
    .object({ provider: z.literal('bkash'), amount: z.number().int(), trxId: z.string().optional(), refundTrxId: z.string().optional(), reason: z.string().optional() })
    .optional()
    .meta({ description: "AdvancePaid and AdvanceRefunded (issue 35): the amount and bKash's transaction id (the refund's, with the admin's reason)." }),
});
export type OrderEventDto = z.infer<typeof orderEventSchema>;


export const orderDto = (s: OrderState & { lineCount?: number }): OrderDto => ({
  _id: s.id,
  orderNumber: s.placed.orderNumber ?? 0,
  name: s.placed.name,
  email: s.placed.owner.email,
  phone: s.placed.phone,
  address: s.placed.address,
  district: s.placed.district ?? null,
  thana: s.placed.thana ?? null,
  deliveryLocation: s.placed.deliveryLocation,
  paymentMethod: s.placed.paymentMethod,
  appliedCoupon: s.placed.appliedCoupon,
  discountPercent: basisPointsToPercent(s.placed.discountBasisPoints),
  subtotal: s.placed.subtotal,
  discount: s.placed.discount,
  fee: s.placed.fee,
  amount: s.placed.total,
  cartItems: s.placed.lines,
  lineCount: s.lineCount ?? s.placed.lines.length,
  status: s.status,
  canceledBy: s.canceledBy,
  orderTime: s.placedAt.toISOString(),
  delivery: s.delivery ? deliveryDto(s.delivery) : null,
  advance: s.advance ? advanceDto(s.advance) : null,
  taken: s.placed.taken ? takenDto(s.placed.taken) : null,
});

const takenDto = (t: NonNullable<OrderState['placed']['taken']>): NonNullable<OrderDto['taken']> => ({
  channel: t.channel,
  by: { email: t.by.email },
  discount: t.discount ? { amount: t.discount.amount, reason: t.discount.reason } : null,
  feeWaived: t.feeWaived ? { reason: t.feeWaived.reason } : null,
});

/** One line to pack: what and how many, no price (issue 36). */
const packingLineSchema = orderLineSchema.pick({ productId: true, title: true, titleBn: true, image: true, size: true, color: true, sizeBn: true, colorBn: true, quantity: true });
/** A parcel as those who pack read it (issue 36): which courier, which consignment, where it is; no money. */
const packingDeliverySchema = z.object({ courier: z.string(), consignmentId: z.string(), trackingCode: z.string(), status: z.enum(parcelStatuses), bookedAt: z.string() });
export const packingDeliveryDto = (d: NonNullable<OrderState['delivery']>): z.infer<typeof packingDeliverySchema> => ({
  courier: d.courier,
  consignmentId: d.consignmentId,
  trackingCode: d.trackingCode,
  status: d.status,
  bookedAt: d.bookedAt.toISOString(),
});
/** An order as those who pack it read it (issue 36): who, where, what; no price, no money. */
export const packingOrderSchema = orderSchema
  .pick({ _id: true, orderNumber: true, name: true, phone: true, address: true, district: true, thana: true, deliveryLocation: true, lineCount: true, status: true, orderTime: true })
  .extend({ cartItems: z.array(packingLineSchema), delivery: packingDeliverySchema.nullable() });
type PackingOrderDto = z.infer<typeof packingOrderSchema>;
export const packingOrderDto = (s: OrderState & { lineCount?: number }): PackingOrderDto => ({
  _id: s.id,
  orderNumber: s.placed.orderNumber ?? 0,
  name: s.placed.name,
  phone: s.placed.phone,
  address: s.placed.address,
  district: s.placed.district ?? null,
  thana: s.placed.thana ?? null,
  deliveryLocation: s.placed.deliveryLocation,
  lineCount: s.lineCount ?? s.placed.lines.length,
  status: s.status,
  orderTime: s.placedAt.toISOString(),
  cartItems: s.placed.lines.map((l) => ({ productId: l.productId, title: l.title, ...(l.titleBn ? { titleBn: l.titleBn } : {}), image: l.image, size: l.size, color: l.color, ...(l.sizeBn ? { sizeBn: l.sizeBn } : {}), ...(l.colorBn ? { colorBn: l.colorBn } : {}), quantity: l.quantity })),
  delivery: s.delivery ? packingDeliveryDto(s.delivery) : null,
});

/**
 * An order as its customer reads it: the parcel without what is between the shop and its courier
 * (the courier's charge and its payout to the shop: null), issue 34; an order the staff took
 * without who took it and the reasons they wrote, the shop's notes (issue 36).
 */
export const customersOrderDto = (s: OrderState & { lineCount?: number }): OrderDto => {
  const dto = orderDto(s);
  const taken = dto.taken ? { ...dto.taken, by: null, discount: dto.taken.discount ? { ...dto.taken.discount, reason: '' } : null, feeWaived: dto.taken.feeWaived ? { reason: '' } : null } : null;
  return { ...dto, taken, ...(dto.delivery ? { delivery: { ...dto.delivery, deliveryCharge: null, settled: null } } : {}) };
};

const withoutCharge = ({ deliveryCharge: _charge, ...parcel }: NonNullable<OrderEventDto['parcel']>) => parcel;
/** An edit's fields as the timeline shows them: the stock is the event's own (`stock`, `edit.stockTaken`). */
const withoutStock = ({ stockTaken: _stock, ...fields }: EditedFields) => fields;

const productId = idSchema('productId is not a product id');

/** Sent as `error.fresh` with ordering/total-changed: the server's totals now (nothing was stored). */
export const freshTotalsSchema = z
  .object({ subtotal: z.number().int(), discount: z.number().int(), fee: z.number().int(), amount: z.number().int(), discountPercent: z.number() })
  .meta({ description: "With ordering/total-changed: the server's totals now." });
export type FreshTotals = z.infer<typeof freshTotalsSchema>;

/** Issue 33, decision 055: the order's line names the variant it took. */
const openChoice = (what: 'size' | 'color') =>
  `One of the product's ${what}s, or "" (or absent) to leave it open: the line then takes the first variant in stock that holds the quantity, and the order's line names its ${what}. A ${what} the product has not answers 400 http/validation.`;

/** One product to order now; its price is the catalogue's. Quantity as text too (the original client's "2"). */
export const orderNowItem = z.object({
  productId,
  size: z.string().trim().max(40).default('').meta({ description: openChoice('size') }),
  color: z.string().trim().max(40).default('').meta({ description: openChoice('color') }),
  quantity: numberOrItsText(z.number({ message: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(99, 'Quantity is at most 99'), 'Quantity must be a number'),
});

/** The original client's Order Now entry: a product (`productId`) that is not a line of the cart (no `_id`). */
const isOrderNowEntry = (entry: unknown) =>
  typeof entry === 'object' && entry !== null && 'productId' in entry && !('_id' in entry && entry._id !== undefined && entry._id !== null && entry._id !== '');

/**
 * The order body. Prices, discounts, totals, statuses, the email and the time are the server's:
 * the spec's other fields (email, discountPercent, status, orderTime) are dropped; `amount` is only
 * compared with the server's total. `cartItems` is read only for the original client's Order Now
 * (issue 19): one entry with a `productId` and no `_id` is that product alone, as `items`; lines of
 * the cart (with their `_id`) and anything else change nothing: the cart on the server is ordered.
 */
const orderBody = z
  .object({
    name: z.string({ message: 'Full name is required' }).trim().min(1, 'Full name is required').max(80, 'Full name is at most 80 characters'),
    phone: bdMobileField(),
    address: z.string({ message: 'Address is required' }).trim().min(1, 'Address is required').max(500, 'Address is at most 500 characters'),
    deliveryLocation: z.enum(deliveryZones, { message: 'Choose Inside Dhaka, Suburbs Dhaka or Outside Dhaka' }),
    district: z
      .string()
      .trim()
      .max(60)
      .optional()
      .meta({ description: "One of Bangladesh's 64 districts (issue 34; its English or Bengali name, or its id, as GET /api/areas lists them). With `thana`, it names the zone: deliveryLocation must be that zone." }),
    thana: z.string().trim().max(80).optional().meta({ description: 'A thana or upazila of the district (required with district).' }),
    paymentMethod: z.literal('Cash On Delivery', { message: 'Only Cash On Delivery is offered' }),
    appliedCoupon: z
      .string()
      .trim()
      .max(32)
      .nullish()
      .transform((c) => c || undefined),
    amount: z
      .number({ message: 'amount must be the total in BDT, a number' })
      .min(0, 'amount must be the total in BDT, at least 0')
      .max(10 ** 12)
      .nullish()
      .transform((a) => a ?? undefined)
      .meta({ description: 'The total the page showed, in BDT; compared with the server\'s after rounding to whole taka (half a taka either way).' }),
    items: z.array(orderNowItem).length(1, 'Order Now takes exactly one item').optional(),
    cartItems: z.array(z.unknown()).max(1000).optional().meta({ description: 'The original client\'s lines: one entry with a `productId` and no `_id` orders that product alone (Order Now: its productId, size, color and quantity count); otherwise ignored.' }),
  })
  .transform(({ cartItems, district: districtName, thana: thanaName, ...asked }, ctx) => {
    // The district and thana (issue 34): stored by their English names, and the zone follows from them.
    const area = areaOfBody(districtName, thanaName, asked.deliveryLocation, ctx);
    if (area === z.NEVER) return z.NEVER;
    const body = area ? { ...asked, ...area } : asked;
    const orderNow = cartItems?.filter(isOrderNowEntry) ?? [];
    if (body.items || orderNow.length === 0) return body;
    if (cartItems?.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['cartItems'], message: 'Order Now takes exactly one entry in cartItems; to order the cart, send only its lines (each with its _id)' });
      return z.NEVER;
    }
    const item = orderNowItem.safeParse(orderNow[0]);
    if (!item.success) {
      for (const issue of item.error.issues) ctx.addIssue({ code: 'custom', path: ['cartItems', 0, ...issue.path.map(String)], message: issue.message });
      return z.NEVER;
    }
    return { ...body, items: [item.data] };
  });
export type PlaceOrderBody = z.input<typeof orderBody>;

/** What placing refuses for any order, whoever places it: its lines, the limits and the stock. */
export const placementRefusals = [
  'ordering/product-unavailable',
  'ordering/too-many-pending',
  'ordering/too-many-orders',
  'ordering/too-many-lines',
  'ordering/quantity-limit',
  'ordering/total-too-large',
  'ordering/out-of-stock',
  'ordering/cod-blocked',
] as const;
/** The coupon's refusals (a customer's order, the staff's). */
export const couponRefusals = ['ordering/coupon-invalid', 'promotions/coupon-expired', 'promotions/coupon-below-minimum', 'promotions/coupon-used-up'] as const;

/** A refused order's answer: Retry-After from the error, the rest (`fresh` among it) as the body; a quote's carried answer never leaves. */
export function sendPlaceError(c: Context, { retryAfterSeconds, quoted: _quoted, ...error }: PlaceOrderError) {
  if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
  return sendError(c, error);
}

/**
 * A body's district and thana (issue 34), checked against its zone: the place by its English names,
 * null when neither is sent, or `z.NEVER` after adding the issue at `at` (the fields' parent path).
 */
export function areaOfBody(
  districtName: string | undefined,
  thanaName: string | undefined,
  zone: (typeof deliveryZones)[number],
  ctx: z.RefinementCtx,
  at: string[] = [],
): { district: string; thana: string } | null | typeof z.NEVER {
  const area = districtName || thanaName ? placeOf(districtName ?? '', thanaName ?? '') : null;
  if (typeof area === 'string') {
    ctx.addIssue({ code: 'custom', path: [...at, districtName ? 'thana' : 'district'], message: area });
    return z.NEVER;
  }
  if (area && area.zone !== zone) {
    ctx.addIssue({ code: 'custom', path: ['deliveryLocation'], message: `${area.thana}, ${area.district} is delivered ${area.zone}: choose ${area.zone}` });
    return z.NEVER;
  }
  return area && { district: area.district, thana: area.thana };
}

/** Whether each variant is one line of the body (`at`: the list's field); adds the issue when not. */
export function distinctLines(lines: ReadonlyArray<{ productId: string; size: string; color: string }>, ctx: z.RefinementCtx, at: string): boolean {
  const seen = new Set<string>();
  for (const [i, line] of lines.entries()) {
    const key = JSON.stringify([line.productId, line.size, line.color]);
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', path: [at, i], message: 'Each item is one line: add up its quantities' });
      return false;
    }
    seen.add(key);
  }
  return true;
}

/** A district and thana of the shop's list, by English or Bengali name (or the district's id), with the zone they are delivered in; or why not. */
export function placeOf(districtName: string, thanaName: string): { district: string; thana: string; zone: (typeof deliveryZones)[number] } | string {
  const district = findDistrict(districtName) ?? districtById(districtName.toLowerCase());
  if (!district) return 'Choose your district from the list';
  const thana = findThana(district.id, thanaName);
  if (!thana) return `Choose a thana or upazila of ${district.en} from the list`;
  return { district: district.en, thana: thana.en, zone: zoneOf(district.id, thana.en) };
}

/** An order's change (issue 36): what is sent changes, the rest stays. */
const editBody = z
  .object({
    reason: z.string({ message: 'Say why the order is changed' }).trim().min(1, 'Say why the order is changed').max(200, 'The reason is at most 200 characters'),
    version: z.number().int().min(1).optional().meta({ description: "The order's version the admin saw (GET /api/orders/:id answers it as `version`)." }),
    name: z.string().trim().min(1, 'Full name is required').max(80, 'Full name is at most 80 characters').optional(),
    phone: bdMobileField().optional(),
    address: z.string().trim().min(1, 'Address is required').max(500, 'Address is at most 500 characters').optional(),
    district: z.string().trim().min(1).max(60).optional(),
    thana: z.string().trim().min(1).max(60).optional(),
    deliveryLocation: z.enum(deliveryZones, { message: 'Choose Inside Dhaka, Suburbs Dhaka or Outside Dhaka' }).optional(),
    lines: z
      .array(
        z.object({
          productId,
          size: z.string().trim().max(40).default(''),
          color: z.string().trim().max(40).default(''),
          quantity: z.number({ message: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(99, 'Quantity is at most 99'),
        }),
      )
      .min(1, 'An order keeps at least one line')
      .max(100, 'At most 100 lines')
      .optional()
      .meta({ description: 'Every line the order keeps, each a variant and its quantity; absent: the lines stay as they are.' }),
  })
  .refine((b) => (b.district === undefined) === (b.thana === undefined), { message: 'Send the district and the thana together', path: ['thana'] });

export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,200}$/, 'Idempotency-Key must be 8 to 200 letters, digits or -_.:')
  .meta({ description: 'Sent again with the same body, the order is answered again (200) instead of placed twice.' });

/** Not a status at all is a bad request (400); Pending is one, but no admin can move an order back to it (409). */
const statusBody = z.object({ status: z.enum(orderStatuses, { message: 'status must be Pending, Confirmed or Canceled' }) });
export type StatusBody = z.input<typeof statusBody>;

const tag = 'Orders';

/** Whole taka in a query: digits only. */
const takaText = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${name} must be a whole number of taka`)
    .transform(Number);

/** A phone's orders by outcome (the admins' order page; the customer look-up of issue 36). */
export const historySchema = z
  .object({
    placed: z.number().int(),
    pending: z.number().int(),
    confirmed: z.number().int(),
    canceledByShop: z.number().int(),
    canceledByCustomer: z.number().int(),
    delivered: z.number().int().meta({ description: 'Parcels delivered, whole or in part (issue 35).' }),
    returned: z.number().int().meta({ description: 'Parcels returned (issue 35).' }),
  })
  .meta({ description: 'Every order placed with this phone number (removed ones too), by outcome.' });
const orderViewSchema = orderSchema.extend({
  version: z.number().int().meta({ description: "How many events the order's log holds: send it back with PATCH /api/orders/:id/lines (issue 36)." }),
  removed: z.boolean().meta({ description: "Gone from its customer's lists: canceled by them, or deleted by an admin." }),
  deleted: z.boolean().meta({ description: "Deleted by an admin: off the admins' desk too (an order its customer canceled stays on it until then; issue 33)." }),
  history: historySchema.optional(),
});
const placedAnswer = z.object({ insertedId: z.string(), order: orderSchema });
/** An order that waits for its advance (issue 35): not placed for the shopper until bKash confirms the payment. */
const awaitingAnswer = z.object({
  insertedId: z.string(),
  orderNumber: z.number().int(),
  payment: z.object({
    provider: z.literal('bkash'),
    redirectUrl: z.string().meta({ description: "bKash's payment page; when bKash could not be reached, the shop's own page /pay/<id>, which tries again." }),
    amount: z.number().int().meta({ description: 'The advance to pay now, in taka.' }),
    holdUntil: z.string().meta({ description: 'ISO 8601: unpaid by then, the order lapses and its stock goes back.' }),
  }),
});
const changedAnswer = z.object({ modifiedCount: z.number().int() });

/** An id that cannot be one names no order: the same 404 as an order that is not there. */
const orderId = { params: { id: idString }, badParams: orderNotFound() } as const;

const actorOf = (user: CurrentUser): Actor => ({ userId: user.id, email: user.email, role: user.role });

export type OrderingHttpDeps = PlaceOrderDeps & {
  /** Ordering's ports outside transactions (the claimed customer records, issue 36, among them). */
  ports: Pick<OrderingPorts, 'couponGuesses' | 'stockChanged' | 'claimsOf'>;
  /** The payments module's start of an advance payment (issue 35); null without bKash. */
  startAdvancePayment: ((order: OrderState) => Promise<{ redirectUrl: string }>) | null;
  /** Checkout's advance quotes per shopper (each may ask the couriers' record sources, which count the shop's look-ups). */
  advanceQuoteLimiter: RateLimiter | null;
  /** Reads outside transactions. */
  log: OrderLog;
  projection: OrderProjection;
  /** For status changes and deletes: one transaction each, the log's head taken first. */
  transaction: <T>(work: (stores: OrderingStores) => Promise<T>) => Promise<T>;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  requireStaff: StaffGuard;
};

export function orderingRoutes(deps: OrderingHttpDeps) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ user: deps.requireUser as MiddlewareHandler, staff: deps.requireStaff });

  app.handle(
    {
      method: 'post',
      path: '/orders',
      tag,
      access: 'user',
      summary: 'Place an order (cash on delivery)',
      description: [
        'Without `items`, the whole cart is ordered and leaves the cart; with one item, that product alone (Order Now; the original client sends it as the one entry of `cartItems`, without `_id`).',
        "Prices, discount, fee and total are the server's: subtotal = the lines' prices; discount = subtotal x percent / 100, rounded to the nearest taka (halves up); amount = subtotal - discount + fee.",
        `Delivery fees: ${Object.entries(deliveryFees).map(([zone, fee]) => `${zone} ${fee}`).join(', ')} BDT.`,
        'At most MAX_ORDER_LINES lines (409 ordering/too-many-lines) of at most MAX_LINE_QUANTITY each (409 ordering/quantity-limit), a total of at most MAX_ORDER_TOTAL taka (409 ordering/total-too-large), and ORDERS_PER_HOUR and ORDERS_PER_DAY orders per customer and per phone number (429 ordering/too-many-orders with Retry-After).',
        '`amount`, when sent, is the total the page showed, compared after rounding to whole taka (half a taka either way: a page may round a half-taka discount the other way): when it differs, 409 ordering/total-changed with `error.fresh` (the server\'s totals) and nothing is stored.',
      ].join(' '),
      body: orderBody,
      headers: { 'idempotency-key': idempotencyKey, 'accept-language': acceptLanguageHeader },
      answers: {
        201: { description: 'Placed.', body: placedAnswer },
        200: { description: 'Placed before with this Idempotency-Key and body: the same answer again.', body: placedAnswer },
        202: {
          description:
            'The order asks an advance through bKash (issue 35: ADVANCE_PAYMENT, or a phone number the COD block would refuse): it holds its stock until `payment.holdUntil` and is Pending only once paid. Send the shopper to `payment.redirectUrl`. Sent again with the same Idempotency-Key while it waits, the same answer (a fresh payment page).',
          body: awaitingAnswer,
        },
      },
      errorFields: { fresh: freshTotalsSchema, minOrder: z.number().int().optional().meta({ description: 'With promotions/coupon-below-minimum: the minimum order in taka.' }) },
      errors: ['ordering/cart-empty', ...couponRefusals, ...placementRefusals, 'ordering/total-changed', 'ordering/idempotency-conflict', 'auth/rate-limited'],
    },
    async (c, { body, headers }) => {
      const result = await placeOrder(deps, actorOf(c.var.user), { ...body, lang: headers['accept-language'] }, headers['idempotency-key']);
      if (!result.ok) return sendPlaceError(c, result.error);
      const { order } = result.value;
      if (order.advance?.status === 'awaiting' && deps.startAdvancePayment) {
        const { redirectUrl } = await deps.startAdvancePayment(order);
        return c.json({ insertedId: order.id, orderNumber: order.placed.orderNumber ?? 0, payment: { provider: 'bkash' as const, redirectUrl, amount: order.advance.amount, holdUntil: order.advance.holdUntil } }, 202);
      }
      return c.json({ insertedId: order.id, order: orderDto(order) }, result.value.replayed ? 200 : 201);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/checkout/advance',
      tag,
      access: 'user',
      summary: 'The advance an order would ask now (issue 35)',
      description:
        "What checkout shows before the shopper confirms: the advance through bKash an order of these products' price, after the coupon (`subtotal` - `discount`), to this zone would ask of this phone number now, by the shop's rule (ADVANCE_PAYMENT, ADVANCE_WHEN, ADVANCE_ESCROW) or instead of the cash-on-delivery block; null when none. The order decides again when it is placed.",
      query: z.object({
        phone: bdMobileField(),
        subtotal: takaText('subtotal'),
        discount: takaText('discount').optional(),
        deliveryLocation: z.enum(deliveryZones, { message: 'Choose Inside Dhaka, Suburbs Dhaka or Outside Dhaka' }),
      }),
      answers: {
        200: {
          description: 'The advance, or null.',
          body: z.object({
            advance: z
              .object({ provider: z.literal('bkash'), amount: z.number().int(), reason: z.enum(['rule', 'cod-blocked']), payOnDelivery: z.number().int().meta({ description: 'What is left to pay the courier.' }), holdMinutes: z.number().int() })
              .nullable(),
          }),
        },
      },
      errors: ['ordering/cod-blocked', 'auth/rate-limited'],
    },
    async (c, { query }) => {
      if (deps.advance && deps.advanceQuoteLimiter) {
        const verdict = await deps.advanceQuoteLimiter.hit(`advance-quote:${c.var.user.id}`);
        if (!verdict.allowed) {
          c.header('Retry-After', String(verdict.retryAfterSeconds));
          return sendError(c, appError('auth/rate-limited', 'Too many checks of the advance. Please wait a few minutes.'));
        }
      }
      const fee = deliveryFee(query.deliveryLocation);
      const discount = Math.min(query.discount ?? 0, query.subtotal);
      const totals = { subtotal: query.subtotal, discount, fee, total: query.subtotal - discount + fee };
      const advance = await quoteAdvance({ ...deps, projection: deps.projection }, query.phone, totals);
      if (advance === 'refused') return sendError(c, appError('ordering/cod-blocked', `We cannot take cash on delivery orders for this phone number at the moment. Please call us at ${deps.shopPhone} to order.`));
      return c.json({
        advance: advance ? { provider: advance.provider, amount: advance.amount, reason: advance.reason, payOnDelivery: totals.total - advance.amount, holdMinutes: deps.advance?.holdMinutes ?? 30 } : null,
      });
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/orders',
      tag,
      access: 'user',
      summary: "The caller's orders, newest first",
      query: pageQuerySchema.extend({ email: z.string().optional().meta({ description: "The caller's own email (optional; any other is refused)." }) }),
      answers: { 200: pageAnswer("A page of the caller's orders.", orderSchema) },
      errors: ['auth/forbidden'],
    },
    async (c, { query: { email, ...page } }) => {
      const listed = await listMyOrders(deps, actorOf(c.var.user), email, page);
      return listed.ok ? sendPage(c, listed.value, customersOrderDto) : sendError(c, listed.error);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/allOrders',
      tag,
      access: 'staff',
      // Every order with its prices: not for those who only pack (they read /packing/orders).
      permission: 'orders.read',
      summary: "Every customer's orders, newest first: the admins' desk",
      description: 'Narrowed by `q` (an order number, a phone number or part of one, or part of a name or an email), `status` and the days placed (`from`, `to`: dates in Dhaka time, both included).',
      query: deskQuerySchema,
      answers: { 200: pageAnswer('A page of the orders.', orderSchema) },
    },
    async (c, { query: { q, status, from, to, delivery, ...page } }) => {
      const listed = await listAllOrders(deps, actorOf(c.var.user), page, deskFilterOf({ q, status, from, to, delivery }));
      return listed.ok ? sendPage(c, listed.value, orderDto) : sendError(c, listed.error);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/packing/orders',
      tag,
      access: 'staff',
      permission: 'orders.pack',
      summary: 'The Confirmed orders to pack, newest first, without prices (issue 36)',
      description: 'The desk\'s filter but the status (always Confirmed): `delivery=unbooked` lists those still to book. Each order says who, where and what; no price, no money (the packing slip says what the courier collects).',
      query: deskQuerySchema,
      answers: { 200: pageAnswer('A page of the orders to pack.', packingOrderSchema) },
    },
    async (c, { query: { q, status: _status, from, to, delivery, ...page } }) => {
      const listed = await listForPacking(deps, actorOf(c.var.user), page, deskFilterOf({ q, from, to, delivery }));
      return listed.ok ? sendPage(c, listed.value, packingOrderDto) : sendError(c, listed.error);
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/orders/:id',
      tag,
      access: 'user',
      summary: 'One order',
      description: "For its owner while it is listed, and for staff holding orders.read (admin, desk, auditor; removed orders too, with `history`: the orders placed with its phone number, by outcome); to anyone else it does not exist (404).",
      ...orderId,
      answers: { 200: { description: 'The order.', body: orderViewSchema } },
      errors: ['ordering/order-not-found'],
    },
    async (c, { params }) => {
      const viewed = await viewOrder(deps, actorOf(c.var.user), params.id);
      if (!viewed.ok) return sendError(c, viewed.error);
      const { order, history } = viewed.value;
      const dto = roleCan(c.var.user.role, 'orders.read') ? orderDto(order) : customersOrderDto(order);
      return c.json({ ...dto, version: order.version, removed: order.removed, deleted: order.deleted === true, ...(history ? { history } : {}) });
    },
  );

  app.handle(
    {
      method: 'patch',
      path: '/orders/:id',
      tag,
      access: 'staff',
      permission: 'orders.manage',
      summary: 'Confirm or cancel an order',
      description: 'Only a Pending order changes; no order goes back to Pending.',
      ...orderId,
      body: statusBody,
      answers: { 200: { description: 'Changed.', body: changedAnswer } },
      errors: ['ordering/order-not-found', 'ordering/illegal-transition'],
    },
    async (c, { params, body }) => sendResult(c, await changeStatus(deps, actorOf(c.var.user), params.id, body.status)),
  );

  app.handle(
    {
      method: 'patch',
      path: '/orders/:id/lines',
      tag,
      access: 'staff',
      permission: 'orders.manage',
      summary: 'Change an order at the customer\'s request (issue 36)',
      description: [
        'While it is Pending or Confirmed, no parcel is booked and it does not wait for its advance: its lines (send them all: a line left out is removed; a variant the order has keeps its price, a new one takes the catalogue\'s), name, phone, address, district and thana, zone.',
        'The totals are computed again by the money rules (the coupon\'s percentage kept), the stock moves by the difference (a shortage refuses the whole change: 409 ordering/out-of-stock), the customer is told, and the log records an Edited event with what changed, before and after, and `reason`.',
        '`version`, when sent, is the order\'s version the admin saw (the answer of GET /api/orders/:id): a later change answers 409 ordering/edit-conflict.',
      ].join(' '),
      ...orderId,
      body: editBody,
      answers: { 200: { description: 'Changed: the order as it is now.', body: z.object({ order: orderSchema }) } },
      errors: ['ordering/order-not-found', 'ordering/illegal-transition', 'ordering/edit-conflict', 'ordering/out-of-stock', 'ordering/product-unavailable'],
    },
    async (c, { params, body }) => {
      const { version, ...change } = body;
      const edited = await editOrder(deps, actorOf(c.var.user), params.id, { ...change, expectedVersion: version });
      return edited.ok ? c.json({ order: orderDto(edited.value) }) : sendError(c, edited.error);
    },
  );

  app.handle(
    {
      method: 'delete',
      path: '/orders/:id',
      tag,
      access: 'user',
      summary: 'Cancel your Pending order, or (the shop) delete an order',
      description: "The owner cancels while the order is Pending (409 after); staff holding orders.manage (admin, desk) delete it for good; a role that reads orders but does not change them is refused (403); to anyone else it does not exist (404).",
      ...orderId,
      answers: { 200: { description: 'Done.', body: z.object({ deletedCount: z.number().int() }) } },
      errors: ['ordering/order-not-found', 'ordering/illegal-transition', 'auth/forbidden'],
    },
    async (c, { params }) => sendResult(c, await removeOrder(deps, actorOf(c.var.user), params.id)),
  );

  app.handle(
    {
      method: 'get',
      path: '/orders/:id/events',
      tag,
      access: 'user',
      summary: "An order's history, oldest first",
      description: 'For its owner and staff holding orders.read (admin, desk, auditor); to anyone else the order does not exist (404).',
      ...orderId,
      query: pageQuerySchema,
      answers: { 200: pageAnswer("A page of the order's events.", orderEventSchema) },
      errors: ['ordering/order-not-found'],
    },
    async (c, { params, query }) => {
      const events = await orderEvents(deps, actorOf(c.var.user), params.id, query);
      if (!events.ok) return sendError(c, events.error);
      const admin = roleCan(c.var.user.role, 'orders.read');
      return sendPage(c, events.value, (e): OrderEventDto => {
        const stock = e.type === 'Placed' || e.type === 'Imported' ? e.payload.stockTaken : 'stockReturned' in e.payload ? stockReturnedBy(e) : undefined;
        // The customer reads the parcel's way, not the money between the shop and its courier (issue 34).
        const shown = isDeliveryEvent(e.type) && e.type !== 'ReturnReceived' && (admin || e.type !== 'Settled');
        const parcel = shown ? { parcel: admin ? (e.payload as NonNullable<OrderEventDto['parcel']>) : withoutCharge(e.payload as NonNullable<OrderEventDto['parcel']>) } : {};
        const payment =
          e.type === 'AdvancePaid'
            ? { payment: { provider: e.payload.provider, amount: e.payload.amount, trxId: e.payload.trxId } }
            : e.type === 'AdvanceRefunded'
              ? { payment: { provider: e.payload.provider, amount: e.payload.amount, refundTrxId: e.payload.refundTrxId, reason: e.payload.reason } }
              : {};
        // The admin's reason is the shop's note: the customer reads what changed, not why it was written down.
        const edit = e.type === 'Edited' ? { edit: { reason: admin ? e.payload.reason : '', before: withoutStock(e.payload.before), after: withoutStock(e.payload.after), stockTaken: e.payload.stockTaken } } : {};
        return { seq: e.seq, type: e.type, at: e.at.toISOString(), actor: { email: e.actor.email, role: e.actor.role }, ...(stock ? { stock: [...stock] } : {}), ...parcel, ...payment, ...edit };
      });
    },
  );

  return app;
}

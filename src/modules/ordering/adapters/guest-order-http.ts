import { z } from 'zod';
import { acceptLanguageHeader } from '../../../platform/http/accept-language.js';
import { clientAddress } from '../../../platform/http/client-address.js';
import { ContractRouter } from '../../../platform/http/contract.js';
import { sendError } from '../../../platform/http/respond.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import { appError } from '../../../shared/errors.js';
import { deliveryFees, deliveryZones } from '../../../shared/money.js';
import { guestCaller, placeOrder, type PlaceOrderDeps } from '../place-order.js';
import { areaOfBody, distinctLines, placementRefusals, freshTotalsSchema, idempotencyKey, orderDto, orderNowItem, orderSchema, sendPlaceError } from './http.js';
import { bdMobileField } from './phone-field.js';

// Guest checkout (GUEST_CHECKOUT; issue 36, decision 066): a visitor orders without an account,
// with name, phone and address only (and the phone's code when CHECKOUT_OTP is on). The same unit
// of work as POST /api/orders prices and checks it; its owner is the phone's customer record, as
// for an order the staff take, so an account that later proves the phone sees it.

const guestBody = z
  .object({
    name: z.string({ message: 'Full name is required' }).trim().min(1, 'Full name is required').max(80, 'Full name is at most 80 characters'),
    phone: bdMobileField(),
    address: z.string({ message: 'Address is required' }).trim().min(1, 'Address is required').max(500, 'Address is at most 500 characters'),
    deliveryLocation: z.enum(deliveryZones, { message: 'Choose Inside Dhaka, Suburbs Dhaka or Outside Dhaka' }),
    district: z.string().trim().max(60).optional().meta({ description: "One of Bangladesh's 64 districts (English or Bengali name, or its id, as GET /api/areas lists them); with `thana` it names the zone." }),
    thana: z.string().trim().max(80).optional().meta({ description: 'A thana or upazila of the district (required with district).' }),
    paymentMethod: z.literal('Cash On Delivery', { message: 'Only Cash On Delivery is offered' }),
    items: z
      .array(orderNowItem)
      .min(1, 'Order at least one item')
      .max(1000, 'At most 1000 items')
      .meta({ description: 'The items, each a variant and its quantity, at the catalogue\'s price now; at most MAX_ORDER_LINES (409 ordering/too-many-lines). The web app sends one (Order Now).' }),
    amount: z
      .number({ message: 'amount must be the total in BDT, a number' })
      .min(0, 'amount must be the total in BDT, at least 0')
      .max(10 ** 12)
      .optional()
      .meta({ description: "The total the page showed, in BDT; a different total now answers 409 ordering/total-changed with `error.fresh`, and nothing is stored." }),
    phoneProof: z.string().trim().max(200).optional().meta({ description: 'With CHECKOUT_OTP: the `proof` POST /api/guest/phone-codes/verify answered for this phone number.' }),
  })
  .transform(({ district: districtName, thana: thanaName, ...asked }, ctx) => {
    const area = areaOfBody(districtName, thanaName, asked.deliveryLocation, ctx);
    if (area === z.NEVER || !distinctLines(asked.items, ctx, 'items')) return z.NEVER;
    return area ? { ...asked, ...area } : asked;
  });
export type GuestOrderBody = z.input<typeof guestBody>;

const placedAnswer = z.object({ insertedId: z.string(), order: orderSchema });

export type GuestOrderHttpDeps = PlaceOrderDeps & {
  /** GUEST_CHECKOUT: off, the route answers 409 ordering/guest-checkout-off. */
  enabled: boolean;
  /** GUEST_ORDERS_PER_HOUR per client address. */
  limiter: RateLimiter;
  /** TRUST_PROXY: which X-Forwarded-For entry is the client. */
  trustProxy: number | boolean;
};

export function guestOrderRoutes(deps: GuestOrderHttpDeps) {
  const app: ContractRouter = new ContractRouter();
  app.handle(
    {
      method: 'post',
      path: '/guest/orders',
      tag: 'Orders',
      access: 'public',
      summary: 'Place an order without an account (guest checkout, cash on delivery)',
      description: [
        'Only with GUEST_CHECKOUT (else 409 ordering/guest-checkout-off). The order of a visitor: the customer record of the phone owns it (found, or made with the name and address sent; an existing record is left as it is), and an account that later proves the phone with a code (POST /api/phone-codes; My Orders offers it) sees it under My Orders. The customer gets the same SMS as for any order; the order number answers here, and /track finds it by number and phone.',
        "The same rules as POST /api/orders price it (each line at the catalogue's price now, the zone's fee added) and the same defences apply: the blocked phones, the COD block (409 ordering/cod-blocked, no advance offered), MAX_PENDING_PER_PHONE, ORDERS_PER_HOUR and ORDERS_PER_DAY for the phone, MAX_ORDER_LINES, MAX_LINE_QUANTITY, MAX_ORDER_TOTAL and the stock.",
        'With CHECKOUT_OTP, `phoneProof` from POST /api/guest/phone-codes/verify (409 ordering/phone-not-verified without a proof that counts). No coupon (a coupon needs an account: its guesses are counted per customer). An order that would ask a bKash advance (ADVANCE_PAYMENT) is refused with 409 ordering/advance-needs-account: the advance is paid from an account\'s pages.',
        `At most GUEST_ORDERS_PER_HOUR attempts from one client address in an hour (429 ordering/guest-orders-limit with Retry-After). Delivery fees: ${Object.entries(deliveryFees).map(([zone, fee]) => `${zone} ${fee}`).join(', ')} BDT.`,
      ].join(' '),
      body: guestBody,
      headers: { 'idempotency-key': idempotencyKey, 'accept-language': acceptLanguageHeader },
      answers: {
        201: { description: 'Placed.', body: placedAnswer },
        200: { description: 'Placed before with this Idempotency-Key and body: the same answer again.', body: placedAnswer },
      },
      errorFields: { fresh: freshTotalsSchema },
      errors: ['ordering/guest-checkout-off', 'ordering/guest-orders-limit', 'ordering/phone-not-verified', 'ordering/advance-needs-account', ...placementRefusals, 'ordering/phone-blocked', 'ordering/total-changed', 'ordering/idempotency-conflict'],
    },
    async (c, { body, headers }) => {
      if (!deps.enabled) return sendError(c, appError('ordering/guest-checkout-off', 'This shop takes orders from signed-in customers only. Please log in first.'));
      const verdict = await deps.limiter.hit(`guest-order:${clientAddress(c, deps.trustProxy)}`);
      if (!verdict.allowed) {
        c.header('Retry-After', String(verdict.retryAfterSeconds));
        return sendError(c, appError('ordering/guest-orders-limit', 'Too many orders from this connection. Please try again later, or log in to order.'));
      }
      const { phoneProof, ...order } = body;
      const result = await placeOrder(deps, guestCaller(body.phone), { ...order, lang: headers['accept-language'], guest: { proof: phoneProof } }, headers['idempotency-key']);
      if (!result.ok) return sendPlaceError(c, result.error);
      const { order: placed } = result.value;
      return c.json({ insertedId: placed.id, order: orderDto(placed) }, result.value.replayed ? 200 : 201);
    },
  );
  return app;
}

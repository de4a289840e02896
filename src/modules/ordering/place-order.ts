import { bengaliChoice } from '../../shared/label-names.js';
import { createHash } from 'node:crypto';
import type { Clock } from '../../shared/clock.js';
import { normalizeCouponCode } from '../../shared/coupon-code.js';
import type { Lang } from '../../shared/locale-format.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { basisPointsToPercent, discountParts, givenAway, orderTotals, type Allowance, type DeliveryZone } from '../../shared/money.js';
import type { TakenChannel } from '../../shared/staff-orders.js';
import { err, ok, type Result } from '../../shared/result.js';
import { notEnoughMessage, type StockLine } from '../../shared/stock.js';
import { canonicalJson } from './domain/canonical-json.js';
import { advanceAmount, advanceApplies, isGoodRecord, type AdvanceRule, type AdvanceWhen } from '../../shared/advance.js';
import type { AdvanceAsked } from './domain/advance.js';
import type { Actor, OrderLine, OrderState, PlacedSnapshot } from './domain/order.js';
import { customerOwner, type Taken } from './domain/taken.js';
import { handleOrderCommand } from './handle-order-command.js';
import type { CouponRefusal, OrderableProduct, OrderCommits, OrderingPorts, OrderingStores, OrderingTxPorts } from './ports.js';

export type PlaceOrderInput = {
  name: string;
  /** Already normalised (+8801XXXXXXXXX). */
  phone: string;
  address: string;
  /** The district and thana of the shop's list (English names, checked by the route; issue 34), when the checkout asked them. */
  district?: string | undefined;
  thana?: string | undefined;
  deliveryLocation: DeliveryZone;
  paymentMethod: 'Cash On Delivery';
  appliedCoupon?: string | undefined;
  /** The total the page showed, maybe fractional (the original client's coupon arithmetic); compared, never stored. */
  amount?: number | undefined;
  /** Order Now: one product instead of the cart (the HTTP route takes exactly one; the demo orders up to 3). */
  items?: Array<{ productId: string; size: string; color: string; quantity: number }> | undefined;
  /** A demo order (issue 17), placed by the demo seeding only: marked so in its Placed event, it sends no messages. */
  demo?: true | undefined;
  /**
   * The language of the placing request (issue 18), recorded in the Placed event: the order's
   * messages and invoice speak it. Not part of the request's hash: a retry in the other language
   * is still the same order. English when not given.
   */
  lang?: Lang | undefined;
  /**
   * Taken by the shop's staff for a customer without an account (issue 36, decision 064): the
   * caller is the staff member, the owner the phone's customer record (found or made in the unit),
   * the lines are `items`; no cart, no phone code, no advance (cash on delivery).
   */
  taken?: TakenAsk | undefined;
  /**
   * Placed by a visitor without an account (guest checkout, GUEST_CHECKOUT; issue 36, decision
   * 066): the caller is `guestCaller(phone)`, the owner (and the Placed event's actor) the phone's
   * customer record, found or made in the unit and never rewritten; the lines are `items`; no
   * coupon (the route takes none), no advance (an order that would ask one is refused: it is paid
   * from an account's pages). `proof`: what the guest phone code gave, when CHECKOUT_OTP is on.
   */
  guest?: { proof?: string | undefined } | undefined;
};

/** Who asks for a guest's order before its customer record is known: its idempotency keys are the phone's. */
export const guestCaller = (phone: string): Actor => ({ userId: `guest:${phone}`, email: '', role: 'customer' });

/** What the staff member asks of an order they take (POST /api/orders/staff). */
export type TakenAsk = {
  channel: TakenChannel;
  /** A discount in whole taka on top of the coupon's, with why. */
  discount?: { amount: number; reason: string } | undefined;
  /** The delivery fee waived, with why. */
  feeWaived?: { reason: string } | undefined;
  /** The most the caller's role may give away on one order (STAFF_DISCOUNT_MAX): the discount plus a waived fee. */
  maxGivenAway: number;
  /** Price it and run every check (stock taken included), then undo it all: the desk's quote (quoteTakenOrder). */
  quote?: true | undefined;
};

/** An order taken by the staff as it would be placed now (POST /api/orders/staff/quote): nothing was stored. */
export type TakenQuote = {
  lines: OrderLine[];
  subtotal: number;
  discountPercent: number;
  couponDiscount: number;
  shopDiscount: number;
  discount: number;
  fee: number;
  feeWaived: boolean;
  total: number;
  givenAway: number;
  maxGivenAway: number;
};

export type PlaceOrderDeps = {
  /** The coupon-guessing limit, asked outside the transaction, and the stock's change signal; the rest comes bound to it. */
  ports: Pick<OrderingPorts, 'couponGuesses' | 'stockChanged'>;
  clock: Clock;
  newId: IdGenerator;
  /** Group commit: the unit of work below runs in a transaction shared with concurrent orders. */
  commits: OrderCommits;
  /** Per customer and per phone number (decision 015), and the fake-order defences (issue 16). */
  limits: PlacementLimits;
  /** SHOP_PHONE: the number a refused shopper is asked to call. */
  shopPhone: string;
  /** When an order asks an advance through bKash (issue 35); null: never (no bKash keys). */
  advance: AdvancePolicy | null;
};

/** The advance rule (issue 35, decision 061): ADVANCE_PAYMENT, ADVANCE_ESCROW, ADVANCE_WHEN, PAYMENT_HOLD_MINUTES, GOOD_RECORD_PERCENT. */
export type AdvancePolicy = {
  rule: AdvanceRule;
  escrow: boolean;
  when: AdvanceWhen;
  holdMinutes: number;
  /** Offer a phone the COD block would refuse to pay the delivery fee in advance instead (the payment provider is set up). */
  offerWhenCodBlocked: boolean;
  goodRecordPercent: number;
  /**
   * The couriers' record of a phone (their parcels delivered and returned at every shop), cached a
   * day; null when no source is set or none answered. Asked before the transaction, only when the
   * rule looks at records.
   */
  courierRecord(phone: string): Promise<{ delivered: number; returned: number } | null>;
};

export type PlacementLimits = {
  /** CHECKOUT_OTP: an order counts only once its phone number was proven by a code (decision 032). */
  checkoutOtp: boolean;
  /** Pending orders of one customer at once (MAX_PENDING_ORDERS). */
  maxPending: number;
  /** Pending orders of one phone number at once, whoever placed them (MAX_PENDING_PER_PHONE). */
  maxPendingPerPhone: number;
  /** Orders placed in the last hour (ORDERS_PER_HOUR). */
  perHour: number;
  /** Orders placed in the last 24 hours (ORDERS_PER_DAY; issue 40). */
  perDay: number;
  /** Lines of one order (MAX_ORDER_LINES; issue 40). */
  maxOrderLines: number;
  /** Units of one line (MAX_LINE_QUANTITY; issue 40). */
  maxLineQuantity: number;
  /** The largest total in taka, delivery included (MAX_ORDER_TOTAL; issue 40). */
  maxOrderTotal: number;
  /** Orders of a phone number canceled by the shop in 90 days that stop cash on delivery to it (COD_BLOCK_AFTER_CANCELS); 0: never. */
  codBlockAfterCancels: number;
};

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** How far back the shop's cancels count towards COD_BLOCK_AFTER_CANCELS. */
export const codBlockWindowDays = 90;
/** The first order's number: five digits to read out on the phone. */
export const firstOrderNumber = 10_001;

export type Placed = { order: OrderState; replayed: boolean };

type Fresh = { subtotal: number; discount: number; fee: number; amount: number; discountPercent: number };
/** `retryAfterSeconds` goes into a Retry-After header, not the body. `quoted`: a quote's answer, carried out of the unit it was undone with (never sent as an error). */
export type PlaceOrderError = AppError & { fresh?: Fresh; retryAfterSeconds?: number; quoted?: TakenQuote };

/**
 * Places a cash-on-delivery order priced by the server alone: every line from the catalogue now,
 * the coupon checked again, the zone's fee added. The checks and writes are one unit of work (the
 * idempotency check, the Placed event, its projection, the key and the removal of the ordered cart
 * lines), run atomically inside a transaction that concurrent orders share (group commit, decision
 * 009) and that awaits only its own stores; the answer comes only after that transaction committed.
 *
 * The coupon-guessing limit is asked before and counted after the transaction: it is shared state
 * of its own (decision 024), and a wrong code counts even though the unit's writes are undone.
 */
export async function placeOrder(deps: PlaceOrderDeps, caller: Actor, input: PlaceOrderInput, idempotencyKey?: string): Promise<Result<Placed, PlaceOrderError>> {
  const { lang: _notHashed, ...asked } = input;
  const requestHash = createHash('sha256').update(canonicalJson(asked)).digest('hex');
  const code = normalizeCouponCode(input.appliedCoupon ?? '') || null;
  const blocked = code ? await deps.ports.couponGuesses.blocked(caller.userId) : null;
  // The couriers' record is a call out (cached a day): never inside the transaction.
  const policy = deps.advance;
  const courierRecord = policy && !input.taken && policy.rule.kind !== 'none' && !policy.when.always && policy.when.noGoodRecord ? await policy.courierRecord(input.phone).catch(() => null) : null;
  const result = await deps.commits.run((stores) => placeOrderUnit({ ...deps, ...stores }, caller, input, { requestHash, code, blocked, courierRecord }, idempotencyKey));
  // Committed: the products' stock moved (decision 028).
  if (result.ok && !result.value.replayed) deps.ports.stockChanged();
  if (!result.ok && result.error.code === 'ordering/coupon-invalid') {
    const over = await deps.ports.couponGuesses.wrongCode(caller.userId);
    if (over) return err({ ...over.error, retryAfterSeconds: over.retryAfterSeconds });
  }
  return result;
}

/**
 * An order the staff would take, priced and checked now by the same unit of work as placing it
 * (the customer record, the limits, the coupon, the discount and its limit, the stock), then
 * undone: nothing is stored. POST /api/orders/staff/quote.
 */
export async function quoteTakenOrder(deps: PlaceOrderDeps, caller: Actor, input: PlaceOrderInput & { taken: TakenAsk }): Promise<Result<TakenQuote, PlaceOrderError>> {
  const result = await placeOrder(deps, caller, { ...input, taken: { ...input.taken, quote: true } });
  if (result.ok) throw new Error('a quote placed an order');
  return result.error.quoted ? ok(result.error.quoted) : result;
}

type UnitDeps = Omit<PlaceOrderDeps, 'ports'> & OrderingStores;
type Asked = { requestHash: string; code: string | null; blocked: CouponRefusal | null; courierRecord: { delivered: number; returned: number } | null };

/** The unit of work: reads and writes through the stores of the caller's transaction only. */
async function placeOrderUnit(deps: UnitDeps, caller: Actor, input: PlaceOrderInput, asked: Asked, idempotencyKey: string | undefined): Promise<Result<Placed, PlaceOrderError>> {
  const { requestHash, code } = asked;
  const { taken, guest } = input;
  const quote = taken?.quote === true;
  if (idempotencyKey && !quote) {
    const earlier = await deps.requests.find(caller.userId, idempotencyKey);
    if (earlier) return replay(deps, earlier, requestHash);
  }

  // Whose order it is: the caller's, or (taken by the staff, or a guest's) the phone's customer
  // record, found or made here, given the name and address the staff wrote (a guest's order leaves
  // a record as it is); undone with the unit if refused.
  const owner =
    taken || guest
      ? {
          userId: customerOwner((await deps.ports.customerFor({ phone: input.phone, name: input.name, address: input.address, district: input.district, thana: input.thana, deliveryLocation: input.deliveryLocation }, guest !== undefined)).id),
          email: '',
        }
      : { userId: caller.userId, email: caller.email };
  // A guest's order is placed by its customer record (the snapshot's owner), as a customer's by its account.
  const placedBy: Actor = guest ? { userId: owner.userId, email: '', role: 'customer' } : caller;

  // Counted here, inside the unit of work, so that orders arriving together are counted one after
  // another in the same transaction (each unit sees the earlier units' orders): none slips past.
  // A staff order counts for its customer record and its phone; the staff vouch for the phone (no code).
  // A guest's proves the phone with the proof its code gave; the COD block refuses it (an advance
  // instead would be paid from an account's pages).
  const phoneCode = taken ? null : guest ? { guestProof: guest.proof ?? '' } : 'account';
  const refused = await placementRefusal(deps, owner.userId, input.phone, { phoneCode, advanceInstead: !taken && !guest });
  if (refused && refused !== 'cod-blocked') return err(refused);

  // The lines: the Order Now item, or the whole cart.
  let lines: OrderLine[];
  let cartLineIds: string[] = [];
  if (taken && !input.items) return err(appError('http/validation', 'An order taken for a customer names its items.'));
  if (input.items) {
    if (input.items.length === 0) return err(appError('http/validation', 'Order Now takes at least one item.'));
    if (input.items.length > deps.limits.maxOrderLines) return err(tooManyLines(deps.limits.maxOrderLines, input.items.length, ''));
    const over = input.items.find((item) => item.quantity > deps.limits.maxLineQuantity);
    if (over) return err(quantityOver(deps.limits.maxLineQuantity, ''));
    lines = [];
    for (const item of input.items) {
      const lineOrError = await orderNowLine(deps.ports, item);
      if (!lineOrError.ok) return lineOrError;
      lines.push(lineOrError.value);
    }
  } else {
    // One line more than an order may hold: enough to know the cart is over, whatever it holds
    // (a cart stored before the bounds may hold thousands; issue 40).
    const { lines: cart, total: cartLineCount } = await deps.ports.cartLines(caller.userId, deps.limits.maxOrderLines + 1);
    if (cart.length === 0) return err(appError('ordering/cart-empty', 'Your cart is empty.'));
    if (cartLineCount > deps.limits.maxOrderLines) return err(tooManyLines(deps.limits.maxOrderLines, cartLineCount, ' Remove some from your cart, then order again.'));
    if (cart.some((line) => line.quantity > deps.limits.maxLineQuantity)) return err(quantityOver(deps.limits.maxLineQuantity, ' Change the quantity in your cart, then order again.'));
    const gone = cart.find((line) => !line.available);
    if (gone) {
      return err(appError('ordering/product-unavailable', 'A product in your cart is no longer available. Remove it from your cart, then order again.'));
    }
    lines = cart.map(({ productId, title, titleBn, category, image, size, color, sizeBn, colorBn, quantity, unitPrice }) => ({
      productId,
      title,
      ...(titleBn ? { titleBn } : {}),
      category,
      image,
      size,
      color,
      ...(sizeBn ? { sizeBn } : {}),
      ...(colorBn ? { colorBn } : {}),
      quantity,
      unitPrice,
      price: unitPrice * quantity,
    }));
    cartLineIds = cart.map((line) => line.id);
  }

  // Codes cannot be guessed here either: a wrong one counts against GET /api/coupon/:code's limit
  // (placeOrder counts it), and once over it any code is refused (a right one would otherwise tell
  // the guesser it is right).
  const { blocked } = asked;
  if (blocked) return err({ ...blocked.error, retryAfterSeconds: blocked.retryAfterSeconds });
  // The coupon's rules ask for the subtotal (issue 33); its use is counted here, undone with the
  // rest of this unit if the order is refused below.
  const redeemed = code ? await deps.ports.redeemCoupon(code, lines.reduce((sum, line) => sum + line.price, 0)) : { basisPoints: 0 };
  if (redeemed === null) {
    return err(appError('ordering/coupon-invalid', `The coupon ${code} is not valid (any more). Remove it or try another code.`));
  }
  if ('refusal' in redeemed) return err(redeemed.refusal);
  const bp = redeemed.basisPoints;

  // The staff's discount and waived fee (issue 36): the same money rules price them.
  const allowance: Allowance | undefined = taken ? { discount: taken.discount?.amount ?? 0, feeWaived: taken.feeWaived !== undefined } : undefined;
  const totals = orderTotals(lines, bp, input.deliveryLocation, allowance);
  if (taken && allowance) {
    const left = totals.subtotal - discountParts(totals).coupon;
    if (allowance.discount > left) {
      return err(appError('ordering/discount-too-large', `The discount (${allowance.discount} BDT) is more than the items cost after the coupon (${left} BDT).`));
    }
    const given = givenAway(totals, input.deliveryLocation, allowance);
    if (given > taken.maxGivenAway) {
      return err(
        appError(
          'ordering/discount-over-limit',
          taken.maxGivenAway === 0
            ? `You may not give a discount or waive the delivery fee (this order gives ${given} BDT). Ask someone who may.`
            : `You may give at most ${taken.maxGivenAway} BDT on one order, the discount and a waived delivery fee together; this one gives ${given} BDT.`,
        ),
      );
    }
  }
  if (input.amount !== undefined && !showsTotal(input.amount, totals.total)) {
    return err({
      ...appError('ordering/total-changed', `The total is now ${totals.total} BDT, not ${Math.round(input.amount * 100) / 100} BDT: prices or the coupon changed. Please check and confirm again.`),
      fresh: { subtotal: totals.subtotal, discount: totals.discount, fee: totals.fee, amount: totals.total, discountPercent: basisPointsToPercent(bp) },
    });
  }

  // The advance (issue 35): the owner's rule, or instead of the COD block's refusal. An order the
  // staff take is cash on delivery: nobody is on bKash's page to pay (decision 064).
  const advance = taken ? null : await advanceAsked(deps, input.phone, totals, refused === 'cod-blocked', asked.courierRecord);
  if (advance === 'refused') return err(codBlockedError(deps.shopPhone));
  if (advance && guest) {
    return err(
      appError(
        'ordering/advance-needs-account',
        `This order asks an advance of ${advance.amount} BDT by bKash, which is paid from your account: please log in or sign up to order it, or call us at ${deps.shopPhone}.`,
      ),
    );
  }

  if (totals.total > deps.limits.maxOrderTotal) {
    return err(
      appError(
        'ordering/total-too-large',
        `An order can be at most ${deps.limits.maxOrderTotal} BDT (this one is ${totals.total} BDT). Please order less, or call us at ${deps.shopPhone} for a larger order.`,
      ),
    );
  }

  // Last, once nothing else refuses: the stock, taken by conditional updates in this transaction.
  // A refusal undoes this unit's takes with the rest of its writes.
  // A line that left its size or color open names the variant it took from then (issue 33): the
  // order, the desk, the invoice, the packing slip and the CSV show what the packer must send.
  const stockTaken: StockLine[] = [];
  for (const [i, line] of lines.entries()) {
    const took = await deps.ports.takeStock({ productId: line.productId, size: line.size, color: line.color, quantity: line.quantity });
    if ('available' in took) {
      const fix = input.items ? '' : ' Change the quantity in your cart, then order again.';
      return err(appError('ordering/out-of-stock', `${notEnoughMessage(line.title, line.size, line.color, took.available)}${fix}`));
    }
    stockTaken.push(took.taken);
    const filled: OrderLine = { ...line, size: took.taken.size, color: took.taken.color };
    // An open choice filled here gets the Bengali names of the variant taken (decision 057).
    if (filled.size !== line.size || filled.color !== line.color) {
      const product = await deps.ports.productById(line.productId);
      if (product) {
        delete filled.sizeBn;
        delete filled.colorBn;
        Object.assign(filled, bengaliChoice(product, filled.size, filled.color));
      }
    }
    lines[i] = filled;
  }

  if (quote) {
    // Priced and checked like the order itself; the unit's writes (the record, the coupon's use, the stock) are undone with this Err.
    const parts = discountParts(totals);
    const quoted: TakenQuote = {
      lines,
      subtotal: totals.subtotal,
      discountPercent: basisPointsToPercent(bp),
      couponDiscount: parts.coupon,
      shopDiscount: parts.shop,
      discount: totals.discount,
      fee: totals.fee,
      feeWaived: allowance?.feeWaived === true,
      total: totals.total,
      givenAway: allowance ? givenAway(totals, input.deliveryLocation, allowance) : 0,
      maxGivenAway: taken?.maxGivenAway ?? 0,
    };
    return err({ ...appError('http/internal', 'A quote: undone.'), quoted });
  }

  const takenBy: Taken | undefined = taken
    ? {
        channel: taken.channel,
        by: { userId: caller.userId, email: caller.email },
        ...(taken.discount ? { discount: { amount: taken.discount.amount, reason: taken.discount.reason } } : {}),
        ...(taken.feeWaived ? { feeWaived: { reason: taken.feeWaived.reason } } : {}),
      }
    : undefined;
  const placed: PlacedSnapshot = {
    owner,
    name: input.name,
    phone: input.phone,
    address: input.address,
    ...(input.district && input.thana ? { district: input.district, thana: input.thana } : {}),
    deliveryLocation: input.deliveryLocation,
    paymentMethod: input.paymentMethod,
    appliedCoupon: code,
    discountBasisPoints: bp,
    lines,
    subtotal: totals.subtotal,
    discount: totals.discount,
    fee: totals.fee,
    total: totals.total,
    stockTaken,
    // The next number under the log's head lock: a unit undone gives its number back (decision 030).
    orderNumber: ((await deps.projection.lastNumber()) ?? firstOrderNumber - 1) + 1,
    ...(input.demo ? { demo: true as const } : {}),
    lang: input.lang ?? 'en',
    ...(advance ? { advance } : {}),
    ...(takenBy ? { taken: takenBy } : {}),
  };
  const orderId = deps.newId();
  const done = await handleOrderCommand(deps, orderId, { type: 'PlaceOrder', data: placed, actor: placedBy });
  // The snapshot was priced just above: decide() refusing it is a bug here, not the customer's error.
  if (!done.ok) throw new Error(`a new order could not be placed: ${done.error.message}`);
  const { order } = done.value;
  if (cartLineIds.length) await deps.ports.removeCartLines(cartLineIds);
  if (idempotencyKey) await deps.requests.remember({ userId: caller.userId, key: idempotencyKey, requestHash, orderId, createdAt: order.placedAt });
  return ok({ order, replayed: false });
}

const tooManyLines = (max: number, has: number, fix: string): PlaceOrderError =>
  appError('ordering/too-many-lines', `An order can hold at most ${max} different items (this one has ${has}).${fix}`);

const quantityOver = (max: number, fix: string): PlaceOrderError => appError('ordering/quantity-limit', `An order can hold at most ${max} of one item.${fix}`);

/**
 * The fake-order defences (issue 16): the admins' phone blocklist and COD_BLOCK_AFTER_CANCELS, whose
 * messages send the shopper to the shop's phone (and never say "blocked"); then MAX_PENDING_ORDERS
 * per customer, MAX_PENDING_PER_PHONE, ORDERS_PER_HOUR and ORDERS_PER_DAY (issue 40) per customer
 * and per phone number (decision 015), from the listing table. Removed orders count towards the hour (removing one does
 * not undo placing it) and as shop cancels, but not as Pending.
 */
async function placementRefusal(
  deps: UnitDeps,
  userId: string,
  phone: string,
  asks: { phoneCode: 'account' | { guestProof: string } | null; advanceInstead: boolean },
): Promise<PlaceOrderError | 'cod-blocked' | null> {
  const { codBlockAfterCancels } = deps.limits;
  if (await deps.ports.isPhoneBlocked(phone)) {
    return appError('ordering/phone-blocked', `We cannot take orders for this phone number. Please call us at ${deps.shopPhone}.`);
  }
  const now = deps.clock.now();
  const proven = async (asked: NonNullable<typeof asks.phoneCode>) =>
    asked === 'account' ? deps.ports.isPhoneProven(userId, phone, now) : asked.guestProof !== '' && deps.ports.isGuestProven(phone, asked.guestProof, now);
  if (asks.phoneCode && deps.limits.checkoutOtp && !(await proven(asks.phoneCode))) {
    return appError('ordering/phone-not-verified', 'Please confirm your phone number first: ask for a code and type the 6 digits we send you by SMS.');
  }
  if (codBlockAfterCancels > 0) {
    const since = new Date(now.getTime() - codBlockWindowDays * 24 * hourMs);
    if ((await deps.projection.shopCancelsSince(phone, since)) >= codBlockAfterCancels) {
      // With bKash set up, the phone is offered the delivery fee in advance instead (issue 35); the other limits still apply.
      if (!asks.advanceInstead || !deps.advance?.offerWhenCodBlocked) return codBlockedError(deps.shopPhone);
      return (await limitRefusal(deps, userId, phone, now)) ?? 'cod-blocked';
    }
  }
  return limitRefusal(deps, userId, phone, now);
}

/**
 * The advance an order with these totals would ask of this phone now (GET /api/checkout/advance:
 * checkout shows it before the shopper confirms), by the same rules as placing; outside any
 * transaction. The order itself decides again when it is placed.
 */
export async function quoteAdvance(
  deps: Pick<PlaceOrderDeps, 'clock' | 'advance' | 'limits'> & { projection: Pick<OrderingStores['projection'], 'historyOf' | 'shopCancelsSince'> },
  phone: string,
  totals: { subtotal: number; discount: number; fee: number; total: number },
): Promise<AdvanceAsked | null | 'refused'> {
  const policy = deps.advance;
  const courier = policy && policy.rule.kind !== 'none' && !policy.when.always && policy.when.noGoodRecord ? await policy.courierRecord(phone).catch(() => null) : null;
  let codBlocked = false;
  if (deps.limits.codBlockAfterCancels > 0) {
    const since = new Date(deps.clock.now().getTime() - codBlockWindowDays * dayMs);
    codBlocked = (await deps.projection.shopCancelsSince(phone, since)) >= deps.limits.codBlockAfterCancels;
  }
  if (codBlocked && !policy?.offerWhenCodBlocked) return 'refused';
  return advanceAsked(deps, phone, totals, codBlocked, courier);
}

const codBlockedError = (shopPhone: string): PlaceOrderError =>
  appError('ordering/cod-blocked', `We cannot take cash on delivery orders for this phone number at the moment. Please call us at ${shopPhone} to order.`);

/**
 * The advance an order asks (issue 35, decision 061), or null, or 'refused': a phone the COD
 * block would refuse pays the delivery fee in advance (capped as any advance), and is refused as
 * before when the cap leaves nothing to pay. Otherwise the owner's rule, when its condition holds:
 * always, a first order (no order of the phone ever Confirmed), a phone without a good record (the
 * shop's own parcels and cancels, plus the couriers' record when one is kept), an order above an
 * amount.
 */
async function advanceAsked(deps: Pick<UnitDeps, 'advance' | 'clock'> & { projection: Pick<UnitDeps['projection'], 'historyOf'> }, phone: string, totals: { subtotal: number; discount: number; fee: number; total: number }, codBlocked: boolean, courier: Asked['courierRecord']): Promise<AdvanceAsked | null | 'refused'> {
  const policy = deps.advance;
  const asked = (amount: number, reason: AdvanceAsked['reason']): AdvanceAsked => ({ provider: 'bkash', amount, reason, holdUntil: new Date(deps.clock.now().getTime() + (policy?.holdMinutes ?? 30) * 60_000).toISOString() });
  if (codBlocked) {
    const amount = policy ? advanceAmount({ kind: 'delivery-fee' }, totals, policy.escrow) : 0;
    return amount > 0 ? asked(amount, 'cod-blocked') : 'refused';
  }
  if (!policy || policy.rule.kind === 'none') return null;
  const { when } = policy;
  let applies = when.always || (when.above !== null && totals.total > when.above);
  if (!applies && !when.always && (when.firstOrder || when.noGoodRecord)) {
    const history = await deps.projection.historyOf(phone);
    const goodRecord = isGoodRecord({ delivered: history.delivered + (courier?.delivered ?? 0), failed: history.returned + history.canceledByShop + (courier?.returned ?? 0) }, policy.goodRecordPercent);
    applies = advanceApplies(when, { total: totals.total, goodRecord, firstOrder: history.confirmed === 0 });
  }
  if (!applies) return null;
  const amount = advanceAmount(policy.rule, totals, policy.escrow);
  return amount > 0 ? asked(amount, 'rule') : null;
}

/** The per-customer and per-phone counts (decision 015, issue 40). */
async function limitRefusal(deps: UnitDeps, userId: string, phone: string, now: Date): Promise<PlaceOrderError | null> {
  const { maxPending, maxPendingPerPhone, perHour, perDay } = deps.limits;
  const customer = { ownerUserId: userId };
  const number = { phone };
  const since = new Date(now.getTime() - hourMs);
  const daySince = new Date(now.getTime() - dayMs);
  const counts = await deps.projection.limitCounts(userId, phone, since, daySince);
  if (counts.pendingByCustomer >= maxPending) {
    return appError('ordering/too-many-pending', `You already have ${maxPending} ${orders(maxPending)} waiting for confirmation. Please wait until we confirm them, or cancel one, before ordering again.`);
  }
  if (counts.pendingByPhone >= maxPendingPerPhone) {
    return appError('ordering/too-many-pending', `This phone number already has ${maxPendingPerPhone} ${orders(maxPendingPerPhone)} waiting for confirmation. Please wait until we confirm them before ordering again with it.`);
  }
  for (const [by, placed, limit, from, windowMs, message] of [
    [customer, counts.placedByCustomer, perHour, since, hourMs, 'You have placed too many orders in the last hour.'],
    [number, counts.placedByPhone, perHour, since, hourMs, 'Too many orders were placed with this phone number in the last hour.'],
    [customer, counts.placedByCustomerToday, perDay, daySince, dayMs, 'You have placed too many orders in the last 24 hours.'],
    [number, counts.placedByPhoneToday, perDay, daySince, dayMs, 'Too many orders were placed with this phone number in the last 24 hours.'],
  ] as const) {
    if (placed < limit) continue;
    // A slot frees when the order that brings the count under the limit leaves the window.
    const freeing = await deps.projection.placedSinceAt(by, from, placed - limit);
    const retryAfterSeconds = Math.max(1, Math.ceil(((freeing?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));
    return { ...appError('ordering/too-many-orders', `${message} Please try again later (${inAbout(retryAfterSeconds)}).`), retryAfterSeconds };
  }
  return null;
}

/** "in about 5 minutes", "in about 3 hours". */
function inAbout(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `in about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `in about ${hours} hours`;
}

const orders = (n: number) => (n === 1 ? 'order' : 'orders');

/**
 * Whether the total a page showed is the server's, in whole taka (issue 19). The original client
 * shows `subtotal - subtotal x percent / 100 + fee` unrounded (4049.5); the server rounds the
 * discount to the nearest taka, halves up, so a half taka may go either way: a shown total within
 * half a taka of the server's (and a hair for floating point) is the same total.
 */
export const showsTotal = (amount: number, total: number): boolean => Math.abs(amount - total) <= 0.5 + 1e-9;

async function replay(deps: UnitDeps, earlier: { requestHash: string; orderId: string }, requestHash: string): Promise<Result<Placed, PlaceOrderError>> {
  if (earlier.requestHash !== requestHash) {
    return err(appError('ordering/idempotency-conflict', 'This Idempotency-Key was already used for a different order.'));
  }
  const order = await deps.projection.byId(earlier.orderId);
  if (!order) throw new Error(`idempotency key points at a missing order ${earlier.orderId}`);
  return ok({ order, replayed: true });
}

async function orderNowLine(ports: OrderingTxPorts, item: NonNullable<PlaceOrderInput['items']>[number]): Promise<Result<OrderLine, PlaceOrderError>> {
  const product = await ports.productById(item.productId);
  if (!product) return err(appError('ordering/product-unavailable', 'This product is no longer available.'));
  if (item.size !== '' && !product.sizes.includes(item.size)) return err(appError('http/validation', `"${item.size}" is not a size of ${product.title}.`));
  if (item.color !== '' && !product.colors.includes(item.color)) return err(appError('http/validation', `"${item.color}" is not a color of ${product.title}.`));
  return ok(lineOf(product, item));
}

/** A line of a product at the catalogue's price now, with the Bengali names of its choice (an order placed, a line added by an edit). */
export const lineOf = (product: OrderableProduct, item: { size: string; color: string; quantity: number }): OrderLine => ({
  productId: product.id,
  title: product.title,
  ...(product.titleBn ? { titleBn: product.titleBn } : {}),
  category: product.category,
  image: product.images[0] ?? '',
  size: item.size,
  color: item.color,
  ...bengaliChoice(product, item.size, item.color),
  quantity: item.quantity,
  unitPrice: product.price,
  price: product.price * item.quantity,
});

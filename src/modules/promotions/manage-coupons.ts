import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { formatMoney } from '../../shared/locale-format.js';
import { err, ok, type Result } from '../../shared/result.js';
import { normalizeCouponCode } from '../../shared/coupon-code.js';
import type { Page } from '../../shared/page.js';
import { couponRefusal, type Coupon, type CouponRefusalReason } from './domain/coupon.js';
import type { CouponStore } from './ports.js';

const exists = (code: string) => err(appError('promotions/coupon-exists', `Coupon code already exists! (${code})`));

/** The optional rules of a coupon (issue 33): null is none. */
export type CouponRules = { expiresAt: Date | null; minOrder: number | null; maxUses: number | null };

export async function addCoupon(
  deps: { coupons: CouponStore; clock: Clock; newId: IdGenerator },
  input: { code: string; discountBasisPoints: number } & Partial<CouponRules>,
): Promise<Result<{ insertedId: string }, AppError>> {
  const code = normalizeCouponCode(input.code);
  if (await deps.coupons.byCode(code)) return exists(code);
  const id = deps.newId();
  const coupon: Coupon = {
    id,
    code,
    discountBasisPoints: input.discountBasisPoints,
    createdAt: deps.clock.now(),
    expiresAt: input.expiresAt ?? null,
    minOrder: input.minOrder ?? null,
    maxUses: input.maxUses ?? null,
    uses: 0,
  };
  if (!(await deps.coupons.insert(coupon))) return exists(code);
  return ok({ insertedId: id });
}

/** Admin: one page of the coupons, newest first. */
export const listCoupons = (deps: { coupons: CouponStore }, page: Page) => deps.coupons.page(page);

export async function deleteCoupon(deps: { coupons: CouponStore }, id: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const deletedCount = await deps.coupons.delete(id);
  return deletedCount ? ok({ deletedCount }) : err(appError('promotions/coupon-not-found', 'This coupon does not exist (any more).'));
}

/** A coupon's refusal: the code and an English message; the minimum, in taka, rides along for the page's own words (decision 059). */
export type CouponError = AppError & { minOrder?: number };

const refusalError = (code: string, reason: NonNullable<CouponRefusalReason>): CouponError => {
  switch (reason.kind) {
    case 'expired':
      return appError('promotions/coupon-expired', `The coupon ${code} has expired.`);
    case 'used-up':
      return appError('promotions/coupon-used-up', `The coupon ${code} has been used as many times as it may be.`);
    case 'below-minimum':
      return {
        ...appError('promotions/coupon-below-minimum', `The coupon ${code} needs an order of at least ${formatMoney(reason.minOrder, 'en')} (products before the discount, without delivery).`),
        minOrder: reason.minOrder,
      };
  }
};

/** The coupon behind a code, as checkout and ordering see it (codes in any case). */
export async function findCoupon(deps: { coupons: CouponStore }, code: string): Promise<Result<Coupon, AppError>> {
  const coupon = await deps.coupons.byCode(normalizeCouponCode(code));
  return coupon ? ok(coupon) : err(appError('promotions/coupon-not-found', 'Invalid Coupon: please enter a valid code.'));
}

/**
 * The coupon check at checkout (GET /api/coupon/:code): the code exists and its rules let it work
 * now, for `subtotal` when the page sends it. Nothing is counted: the order counts its use.
 */
export async function checkCoupon(deps: { coupons: CouponStore; clock: Clock }, code: string, subtotal: number | undefined): Promise<Result<Coupon, CouponError>> {
  const found = await findCoupon(deps, code);
  if (!found.ok) return found;
  const refused = couponRefusal(found.value, deps.clock.now(), subtotal);
  return refused ? err(refusalError(found.value.code, refused)) : ok(found.value);
}

/**
 * For an order being placed, inside its transaction: the coupon, checked against its rules for the
 * order's subtotal, and its use counted by one conditional update (under the limit only), so two
 * orders at once cannot both take a coupon's last use. The order's transaction undoes the count if
 * the order is refused later. `null`: no such code.
 */
export async function redeemCoupon(deps: { coupons: CouponStore }, code: string, now: Date, subtotal: number): Promise<Result<Coupon, CouponError> | null> {
  const coupon = await deps.coupons.byCode(normalizeCouponCode(code));
  if (!coupon) return null;
  const refused = couponRefusal(coupon, now, subtotal);
  if (refused) return err(refusalError(coupon.code, refused));
  if (!(await deps.coupons.countUse(coupon.id))) return err(refusalError(coupon.code, { kind: 'used-up' }));
  return ok(coupon);
}

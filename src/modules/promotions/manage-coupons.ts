import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import { normalizeCouponCode } from '../../shared/coupon-code.js';
import type { Page } from '../../shared/page.js';
import type { Coupon } from './domain/coupon.js';
import type { CouponStore } from './ports.js';

const exists = (code: string) => err(appError('promotions/coupon-exists', `Coupon code already exists! (${code})`));

export async function addCoupon(
  deps: { coupons: CouponStore; clock: Clock; newId: IdGenerator },
  input: { code: string; discountBasisPoints: number },
): Promise<Result<{ insertedId: string }, AppError>> {
  const code = normalizeCouponCode(input.code);
  if (await deps.coupons.byCode(code)) return exists(code);
  const id = deps.newId();
  if (!(await deps.coupons.insert({ id, code, discountBasisPoints: input.discountBasisPoints, createdAt: deps.clock.now() }))) return exists(code);
  return ok({ insertedId: id });
}

/** Admin: one page of the coupons, newest first. */
export const listCoupons = (deps: { coupons: CouponStore }, page: Page) => deps.coupons.page(page);

export async function deleteCoupon(deps: { coupons: CouponStore }, id: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const deletedCount = await deps.coupons.delete(id);
  return deletedCount ? ok({ deletedCount }) : err(appError('promotions/coupon-not-found', 'This coupon does not exist (any more).'));
}

/** The coupon behind a code, as checkout and ordering see it (codes in any case). */
export async function findCoupon(deps: { coupons: CouponStore }, code: string): Promise<Result<Coupon, AppError>> {
  const coupon = await deps.coupons.byCode(normalizeCouponCode(code));
  return coupon ? ok(coupon) : err(appError('promotions/coupon-not-found', 'Invalid Coupon: please enter a valid code.'));
}

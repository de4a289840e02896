import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { jsonWithTag, type ChangeTag } from '../../../platform/http/change-tag.js';
import { readPage, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { parseJsonBody } from '../../../platform/http/validate.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import { isShowableImageUrl } from '../../../shared/image-url.js';
import type { IdGenerator } from '../../../shared/ids.js';
import { basisPointsToPercent, isWholeBasisPoints, percentToBasisPoints } from '../../../shared/money.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import type { AuthVariables } from '../../identity/index.js';
import type { Coupon } from '../domain/coupon.js';
import type { Slider } from '../domain/slider.js';
import { addCoupon, deleteCoupon, findCoupon } from '../manage-coupons.js';
import { addSlider, deleteSlider } from '../manage-sliders.js';
import type { CouponStore, SliderStore } from '../ports.js';

export type SliderDto = { _id: string; image: string };
const sliderDto = (s: Slider): SliderDto => ({ _id: s.id, image: s.image });

const sliderInput = z.object({
  image: z
    .string({ message: 'Image is required' })
    .trim()
    .max(2048)
    .refine(isShowableImageUrl, 'The image must be an https URL or an uploaded image'),
});

export type CouponDto = { _id: string; code: string; discountPercent: number };
const couponDto = (c: Coupon): CouponDto => ({ _id: c.id, code: c.code, discountPercent: basisPointsToPercent(c.discountBasisPoints) });

const couponInput = z.object({
  code: z
    .string({ message: 'Coupon code is required' })
    .trim()
    .min(1, 'Coupon code is required')
    .max(32, 'Coupon code is at most 32 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only'),
  discountPercent: z
    .number({ message: 'Discount must be a number' })
    .min(1, 'Discount is at least 1 %')
    .max(100, 'Discount is at most 100 %')
    .refine(isWholeBasisPoints, 'Discount has at most two decimals'),
});

/** The answer once a user is over the coupon-check limit, here and at POST /api/orders. */
export const tooManyCouponAttempts = () => appError('auth/rate-limited', 'Too many coupon attempts. Please wait a few minutes and try again.');

export function promotionsRoutes(deps: {
  sliders: SliderStore;
  coupons: CouponStore;
  clock: Clock;
  newId: IdGenerator;
  requireAdmin: MiddlewareHandler;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** Coupon look-ups per signed-in user, against guessing codes. */
  couponChecks: RateLimiter;
  changes: ChangeTag;
}) {
  const app = new Hono<{ Variables: AuthVariables }>();
  app.get('/sliders', (c) => jsonWithTag(c, deps.changes, () => deps.sliders.list().map(sliderDto)));

  app.post('/sliders', deps.requireAdmin, async (c) => {
    const body = await parseJsonBody(c, sliderInput);
    if (!body.ok) return sendError(c, body.error);
    const result = addSlider(deps, body.value);
    deps.changes.bump();
    return c.json(result, 201);
  });

  app.delete('/sliders/:id', deps.requireAdmin, (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{24}$/.test(id)) return sendError(c, appError('promotions/slider-not-found', 'This banner does not exist (any more).'));
    const result = deleteSlider(deps, id);
    if (result.ok) deps.changes.bump();
    return sendResult(c, result);
  });

  app.get('/coupons', deps.requireAdmin, (c) => {
    const page = readPage(c);
    if (!page.ok) return sendError(c, page.error);
    return sendPage(c, deps.coupons.page(page.value), couponDto);
  });

  app.post('/coupons', deps.requireAdmin, async (c) => {
    const body = await parseJsonBody(c, couponInput);
    if (!body.ok) return sendError(c, body.error);
    const { code, discountPercent } = body.value;
    return sendResult(c, addCoupon(deps, { code, discountBasisPoints: percentToBasisPoints(discountPercent) }), 201);
  });

  app.delete('/coupons/:id', deps.requireAdmin, (c) => sendResult(c, deleteCoupon(deps, c.req.param('id'))));

  app.get('/coupon/:code', deps.requireUser, (c) => {
    const limit = deps.couponChecks.hit(c.var.user.id);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return sendError(c, tooManyCouponAttempts());
    }
    const coupon = findCoupon(deps, c.req.param('code'));
    if (!coupon.ok) return sendError(c, coupon.error);
    return c.json({ discountPercent: basisPointsToPercent(coupon.value.discountBasisPoints) });
  });
  return app;
}

import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { jsonWithTag, type ChangeTag } from '../../../platform/http/change-tag.js';
import { ContractRouter } from '../../../platform/http/contract.js';
import { pageQuerySchema, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { deletedAnswer, idString, insertedAnswer, pageAnswer, typedDigits } from '../../../platform/http/wire.js';
import type { Clock } from '../../../shared/clock.js';
import { couponCodeCharacters, maxCouponCodeLength } from '../../../shared/coupon-code.js';
import { appError } from '../../../shared/errors.js';
import { isShowableImageUrl } from '../../../shared/image-url.js';
import type { IdGenerator } from '../../../shared/ids.js';
import { basisPointsToPercent, isWholeBasisPoints, percentToBasisPoints } from '../../../shared/money.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import type { AuthVariables } from '../../identity/index.js';
import type { Coupon } from '../domain/coupon.js';
import type { Slider } from '../domain/slider.js';
import { addCoupon, deleteCoupon, findCoupon, listCoupons } from '../manage-coupons.js';
import { addSlider, deleteSlider, listSliders } from '../manage-sliders.js';
import type { CouponStore, SliderStore } from '../ports.js';

export const sliderSchema = z.object({ _id: z.string(), image: z.string() });
export type SliderDto = z.infer<typeof sliderSchema>;
const sliderDto = (s: Slider): SliderDto => ({ _id: s.id, image: s.image });

const sliderInput = z.object({
  image: z
    .string({ message: 'Image is required' })
    .trim()
    .max(2048)
    .refine(isShowableImageUrl, 'The image must be an https URL or an uploaded image'),
});

export const couponSchema = z.object({ _id: z.string(), code: z.string(), discountPercent: z.number() });
export type CouponDto = z.infer<typeof couponSchema>;
const couponDto = (c: Coupon): CouponDto => ({ _id: c.id, code: c.code, discountPercent: basisPointsToPercent(c.discountBasisPoints) });

const couponInput = z.object({
  code: typedDigits({ message: 'Coupon code is required' })
    .trim()
    .min(1, 'Coupon code is required')
    .max(maxCouponCodeLength, `Coupon code is at most ${maxCouponCodeLength} characters`)
    .regex(couponCodeCharacters, 'Use letters, digits, - and _ only'),
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
  /** A banner write in one transaction, recorded as a promotions change. */
  writeSliders: <R extends { ok: boolean }>(work: (sliders: SliderStore) => Promise<R>) => Promise<R>;
}) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ user: deps.requireUser as MiddlewareHandler, admin: deps.requireAdmin });

  app.handle(
    {
      method: 'get',
      path: '/sliders',
      tag: 'Banners',
      access: 'public',
      summary: 'List the home page banners, newest first',
      answers: { 200: { description: 'Every banner.', body: z.array(sliderSchema), headers: { ETag: 'The banners version: send it back in If-None-Match for a 304.' } }, 304: { description: 'Unchanged since the ETag sent.' } },
    },
    async (c) => {
      const etag = deps.changes.current();
      const sliders = await listSliders(deps);
      return jsonWithTag(c, etag, () => sliders.map(sliderDto));
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/sliders',
      tag: 'Banners',
      access: 'admin',
      summary: 'Add a banner',
      body: sliderInput,
      answers: { 201: { description: 'Added.', body: insertedAnswer } },
    },
    async (c, { body }) => {
      const added = await deps.writeSliders(async (sliders) => ({ ok: true, value: await addSlider({ ...deps, sliders }, body) }));
      return c.json(added.value, 201);
    },
  );

  app.handle(
    {
      method: 'delete',
      path: '/sliders/:id',
      tag: 'Banners',
      access: 'admin',
      summary: 'Delete a banner',
      // An id that cannot be one names no banner: the same 404 as a banner that is gone.
      params: { id: idString },
      badParams: appError('promotions/slider-not-found', 'This banner does not exist (any more).'),
      answers: { 200: { description: 'Deleted.', body: deletedAnswer } },
    },
    async (c, { params }) => {
      return sendResult(c, await deps.writeSliders((sliders) => deleteSlider({ sliders }, params.id)));
    },
  );

  app.handle(
    {
      method: 'get',
      path: '/coupons',
      tag: 'Coupons',
      access: 'admin',
      summary: 'List the coupons, newest first',
      query: pageQuerySchema,
      answers: { 200: pageAnswer('A page of the coupons.', couponSchema) },
    },
    async (c, { query }) => sendPage(c, await listCoupons(deps, query), couponDto),
  );

  app.handle(
    {
      method: 'post',
      path: '/coupons',
      tag: 'Coupons',
      access: 'admin',
      summary: 'Add a coupon',
      body: couponInput,
      answers: { 201: { description: 'Added.', body: insertedAnswer } },
      errors: ['promotions/coupon-exists'],
    },
    async (c, { body: { code, discountPercent } }) => sendResult(c, await addCoupon(deps, { code, discountBasisPoints: percentToBasisPoints(discountPercent) }), 201),
  );

  app.handle(
    {
      method: 'delete',
      path: '/coupons/:id',
      tag: 'Coupons',
      access: 'admin',
      summary: 'Delete a coupon',
      params: { id: z.string() },
      answers: { 200: { description: 'Deleted.', body: deletedAnswer } },
      errors: ['promotions/coupon-not-found'],
    },
    async (c, { params }) => sendResult(c, await deleteCoupon(deps, params.id)),
  );

  app.handle(
    {
      method: 'get',
      path: '/coupon/:code',
      tag: 'Coupons',
      access: 'user',
      summary: 'Check a coupon code at checkout',
      description: 'Codes match in any case. Look-ups are limited per user (shared with POST /api/orders), against guessing codes.',
      params: { code: z.string() },
      answers: { 200: { description: 'The code is valid now.', body: z.object({ discountPercent: z.number() }) } },
      errors: ['promotions/coupon-not-found', 'auth/rate-limited'],
    },
    async (c, { params }) => {
      const limit = await deps.couponChecks.hit(c.var.user.id);
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        return sendError(c, tooManyCouponAttempts());
      }
      const coupon = await findCoupon(deps, params.code);
      if (!coupon.ok) return sendError(c, coupon.error);
      return c.json({ discountPercent: basisPointsToPercent(coupon.value.discountBasisPoints) });
    },
  );
  return app;
}

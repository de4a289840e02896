import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { jsonWithTag, type ChangeTag } from '../../../platform/http/change-tag.js';
import { ContractRouter, type StaffGuard } from '../../../platform/http/contract.js';
import { pageQuerySchema, sendPage } from '../../../platform/http/paging.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { deletedAnswer, idString, insertedAnswer, numberOrItsText, pageAnswer, typedDigits } from '../../../platform/http/wire.js';
import { calendarDay, dhakaDay, dhakaDayStart } from '../../../shared/shop-time.js';
import type { Clock } from '../../../shared/clock.js';
import { couponCodeCharacters, maxCouponCodeLength } from '../../../shared/coupon-code.js';
import { appError } from '../../../shared/errors.js';
import { isShowableImageUrl } from '../../../shared/image-url.js';
import type { IdGenerator } from '../../../shared/ids.js';
import { basisPointsToPercent, isWholeBasisPoints, percentToBasisPoints } from '../../../shared/money.js';
import type { RateLimiter } from '../../../platform/rate-limit.js';
import type { AuthVariables } from '../../identity/index.js';
import type { Coupon } from '../domain/coupon.js';
import type { BannerLink, Slider } from '../domain/slider.js';
import { addCoupon, checkCoupon, deleteCoupon, listCoupons } from '../manage-coupons.js';
import { addSlider, deleteSlider, listSliders, liveLink, type LinkTargets } from '../manage-sliders.js';
import type { CouponStore, SliderStore } from '../ports.js';

const bannerLinkSchema = z.object({
  kind: z.enum(['category', 'product'], { message: "The link is to a 'category' or a 'product'" }),
  target: z
    .string()
    .trim()
    .min(1, 'The link names its category or product')
    .max(200, 'The link target is at most 200 characters')
    .refine((target) => !target.includes('\u0000'), 'The link target cannot hold U+0000'),
});

export const sliderSchema = z.object({
  _id: z.string(),
  image: z.string(),
  link: bannerLinkSchema
    .nullable()
    .optional()
    .meta({ description: "Where the banner leads (issue 33): a category by its name or a product by its id; null when it has none or its target was deleted since." }),
  altEn: z.string().nullable().optional().meta({ description: "The picture's alt text in English; null for banners from before." }),
  altBn: z.string().nullable().optional().meta({ description: "The picture's alt text in Bengali; null for banners from before." }),
});
export type SliderDto = z.infer<typeof sliderSchema>;
const sliderDto = (s: Slider, link: BannerLink | null): SliderDto => ({ _id: s.id, image: s.image, link, altEn: s.altEn ?? null, altBn: s.altBn ?? null });

const altText = (name: string) => z.string().trim().max(200, `${name} is at most 200 characters`).optional();

const sliderInput = z.object({
  image: z
    .string({ message: 'Image is required' })
    .trim()
    .max(2048)
    .refine(isShowableImageUrl, 'The image must be an https URL or an uploaded image'),
  link: bannerLinkSchema.nullable().optional().meta({ description: 'A category (by name) or a product (by id) that exists; none when absent or null.' }),
  altEn: altText('The English alt text').meta({ description: 'What the picture shows, for screen readers, in English.' }),
  altBn: altText('The Bengali alt text').meta({ description: 'What the picture shows, for screen readers, in Bengali.' }),
});

/** Two ETags as one: the banners' and the catalogue's (a link's target deleted changes the answer). */
const bothTags = (a: string, b: string) => `W/"${[a, b].map((t) => t.replace(/^W\//, '').replace(/"/g, '')).join('.')}"`;

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  discountPercent: z.number(),
  expiresOn: z.string().nullable().meta({ description: 'The last day (YYYY-MM-DD, Dhaka time) the code works; null: no end (issue 33).' }),
  minOrder: z.number().int().nullable().meta({ description: 'The smallest order in taka (products before the discount, without delivery); null: any.' }),
  maxUses: z.number().int().nullable().meta({ description: 'How many orders may use the code; null: no limit.' }),
  uses: z.number().int().meta({ description: 'How many orders used it (a canceled order keeps its use; decision 059).' }),
});
export type CouponDto = z.infer<typeof couponSchema>;
const couponDto = (c: Coupon): CouponDto => ({
  _id: c.id,
  code: c.code,
  discountPercent: basisPointsToPercent(c.discountBasisPoints),
  // Stored as the first instant it no longer works: the day before that one, in Dhaka.
  expiresOn: c.expiresAt ? dhakaDay(c.expiresAt.getTime() - 1) : null,
  minOrder: c.minOrder ?? null,
  maxUses: c.maxUses ?? null,
  uses: c.uses ?? 0,
});

/** A whole number from 1 to `max` typed as a number or as text in ASCII or Bengali digits; null or absent: none. */
const optionalWhole = (name: string, max: number) =>
  numberOrItsText(z.number().int(`${name} must be a whole number`).min(1, `${name} is at least 1`).max(max, `${name} is at most ${max}`), `${name} must be a number`)
    .nullable()
    .optional();

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
  // Issue 33: each optional (null, absent or "": none).
  expiresOn: typedDigits()
    .refine((day) => day === '' || calendarDay(day) !== undefined, 'The last day must be a date such as 2026-12-31')
    .nullable()
    .optional()
    .meta({ description: 'The last day (YYYY-MM-DD, Dhaka time) the code works.' }),
  minOrder: optionalWhole('The minimum order', 10_000_000).meta({ description: 'The smallest order in taka (products before the discount, without delivery).' }),
  maxUses: optionalWhole('The usage limit', 1_000_000_000).meta({ description: 'How many orders may use the code.' }),
});

const couponCheckQuery = z.object({
  subtotal: typedDigits()
    .regex(/^\d{1,9}$/, 'subtotal must be a whole number of taka')
    .transform(Number)
    .optional()
    .meta({ description: "The checkout's subtotal in taka (products before the discount, without delivery): the coupon's minimum order is checked against it." }),
});

/** The answer once a user is over the coupon-check limit, here and at POST /api/orders. */
export const tooManyCouponAttempts = () => appError('auth/rate-limited', 'Too many coupon attempts. Please wait a few minutes and try again.');

export function promotionsRoutes(deps: {
  sliders: SliderStore;
  coupons: CouponStore;
  clock: Clock;
  newId: IdGenerator;
  requireStaff: StaffGuard;
  requireUser: MiddlewareHandler<{ Variables: AuthVariables }>;
  /** Coupon look-ups per signed-in user, against guessing codes. */
  couponChecks: RateLimiter;
  changes: ChangeTag;
  /** What a banner may link to (the catalogue's categories and products). */
  linkTargets: LinkTargets;
  /** The catalogue's change tag: part of the banners' ETag, since a deleted link target changes them. */
  catalogueVersion: () => string;
  /** A banner write in one transaction, recorded as a promotions change. */
  writeSliders: <R extends { ok: boolean }>(work: (sliders: SliderStore) => Promise<R>) => Promise<R>;
}) {
  const app: ContractRouter<{ Variables: AuthVariables }> = new ContractRouter({ user: deps.requireUser as MiddlewareHandler, staff: deps.requireStaff });

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
      const etag = bothTags(deps.changes.current(), deps.catalogueVersion());
      const sliders = await listSliders(deps);
      // A handful of banners: each link's target looked up (a deleted one leaves its banner without a link).
      const links = await Promise.all(sliders.map((s) => liveLink(deps.linkTargets, s)));
      return jsonWithTag(c, etag, () => sliders.map((s, i) => sliderDto(s, links[i] ?? null)));
    },
  );

  app.handle(
    {
      method: 'post',
      path: '/sliders',
      tag: 'Banners',
      access: 'staff',
      permission: 'catalogue.manage',
      summary: 'Add a banner',
      body: sliderInput,
      answers: { 201: { description: 'Added.', body: insertedAnswer } },
      errors: ['promotions/link-target-not-found'],
    },
    async (c, { body }) => sendResult(c, await deps.writeSliders((sliders) => addSlider({ ...deps, sliders }, body)), 201),
  );

  app.handle(
    {
      method: 'delete',
      path: '/sliders/:id',
      tag: 'Banners',
      access: 'staff',
      permission: 'catalogue.manage',
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
      access: 'staff',
      permission: 'catalogue.manage',
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
      access: 'staff',
      permission: 'catalogue.manage',
      summary: 'Add a coupon',
      body: couponInput,
      answers: { 201: { description: 'Added.', body: insertedAnswer } },
      errors: ['promotions/coupon-exists'],
    },
    async (c, { body: { code, discountPercent, expiresOn, minOrder, maxUses } }) =>
      sendResult(
        c,
        await addCoupon(deps, {
          code,
          discountBasisPoints: percentToBasisPoints(discountPercent),
          // Works through its last day in Dhaka: stops at the start of the next.
          expiresAt: expiresOn ? dhakaDayStart(expiresOn, 1) : null,
          minOrder: minOrder ?? null,
          maxUses: maxUses ?? null,
        }),
        201,
      ),
  );

  app.handle(
    {
      method: 'delete',
      path: '/coupons/:id',
      tag: 'Coupons',
      access: 'staff',
      permission: 'catalogue.manage',
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
      description:
        "Codes match in any case. Look-ups are limited per user (shared with POST /api/orders), against guessing codes. A code whose last day is past, that was used as many times as it may be, or whose minimum order is above `subtotal` is refused (issue 33); POST /api/orders checks the same again, and `error.minOrder` names the minimum in taka.",
      params: { code: z.string() },
      query: couponCheckQuery,
      answers: { 200: { description: 'The code is valid now.', body: z.object({ discountPercent: z.number() }) } },
      errors: ['promotions/coupon-not-found', 'promotions/coupon-expired', 'promotions/coupon-below-minimum', 'promotions/coupon-used-up', 'auth/rate-limited'],
      errorFields: { minOrder: z.number().int().optional().meta({ description: 'With promotions/coupon-below-minimum: the minimum order in taka.' }) },
    },
    async (c, { params, query }) => {
      const limit = await deps.couponChecks.hit(c.var.user.id);
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        return sendError(c, tooManyCouponAttempts());
      }
      const coupon = await checkCoupon(deps, params.code, query.subtotal);
      if (!coupon.ok) return sendError(c, coupon.error);
      return c.json({ discountPercent: basisPointsToPercent(coupon.value.discountBasisPoints) });
    },
  );
  return app;
}

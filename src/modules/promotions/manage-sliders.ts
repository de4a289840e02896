import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { BannerLink, Slider } from './domain/slider.js';
import type { SliderStore } from './ports.js';

// The admin's banner use cases: a banner is an image URL, its alt texts and its link (issue 33).

/** The banners, newest first (a handful: the carousel shows them all). */
export const listSliders = (deps: { sliders: SliderStore }) => deps.sliders.list();

/**
 * What a banner may link to, asked of the catalogue (wired in shop.ts): a category's name as
 * stored (case and spaces as the catalogue keeps them), or null; whether a product exists.
 */
export type LinkTargets = {
  category(name: string): Promise<string | null>;
  productExists(id: string): Promise<boolean>;
};

/** The banner's link as stored, when its target exists now; else null (a target deleted since leaves the banner without a link). */
export async function liveLink(targets: LinkTargets, slider: Slider): Promise<BannerLink | null> {
  if (!slider.linkKind || !slider.linkTarget) return null;
  const exists = slider.linkKind === 'category' ? (await targets.category(slider.linkTarget)) !== null : await targets.productExists(slider.linkTarget);
  return exists ? { kind: slider.linkKind, target: slider.linkTarget } : null;
}

export async function addSlider(
  deps: { sliders: SliderStore; clock: Clock; newId: IdGenerator; linkTargets: LinkTargets },
  input: { image: string; link?: BannerLink | null | undefined; altEn?: string | undefined; altBn?: string | undefined },
): Promise<Result<{ insertedId: string }, AppError>> {
  let link: BannerLink | null = null;
  if (input.link) {
    // The target must exist now (issue 33); a category is kept by its stored name.
    const target =
      input.link.kind === 'category' ? await deps.linkTargets.category(input.link.target) : (await deps.linkTargets.productExists(input.link.target)) ? input.link.target : null;
    if (target === null) {
      return err(appError('promotions/link-target-not-found', input.link.kind === 'category' ? `There is no category "${input.link.target}".` : 'There is no such product.'));
    }
    link = { kind: input.link.kind, target };
  }
  const id = deps.newId();
  await deps.sliders.insert({
    id,
    image: input.image,
    createdAt: deps.clock.now(),
    linkKind: link?.kind ?? null,
    linkTarget: link?.target ?? null,
    altEn: input.altEn || null,
    altBn: input.altBn || null,
  });
  return ok({ insertedId: id });
}

export async function deleteSlider(deps: { sliders: SliderStore }, id: string): Promise<Result<{ deletedCount: number }, AppError>> {
  const deletedCount = await deps.sliders.delete(id);
  return deletedCount ? ok({ deletedCount }) : err(appError('promotions/slider-not-found', 'This banner does not exist (any more).'));
}

/** First start: the demo banners, when there are none. */
export async function seedDemoSliders(
  deps: { sliders: SliderStore; clock: Clock; newId: IdGenerator; transaction: <T>(work: (sliders: SliderStore) => Promise<T>) => Promise<T> },
  makeImages: () => Promise<string[]>,
): Promise<number> {
  if ((await deps.sliders.count()) > 0) return 0;
  // Drawn outside the transaction (seconds of image work); an admin's banner added meanwhile wins.
  const images = await makeImages();
  const start = deps.clock.now().getTime();
  return deps.transaction(async (sliders) => {
    if ((await sliders.count()) > 0) return 0;
    // Newest first: the first banner gets the latest time.
    for (const [i, image] of images.entries()) await sliders.insert({ id: deps.newId(), image, createdAt: new Date(start - i) });
    return images.length;
  });
}

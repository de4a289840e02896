import type { Clock } from '../../shared/clock.js';
import { appError, type AppError } from '../../shared/errors.js';
import type { IdGenerator } from '../../shared/ids.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { SliderStore } from './ports.js';

// The admin's banner use cases: a banner is only an image URL, so these stay small.

/** The banners, newest first (a handful: the carousel shows them all). */
export const listSliders = (deps: { sliders: SliderStore }) => deps.sliders.list();

export async function addSlider(deps: { sliders: SliderStore; clock: Clock; newId: IdGenerator }, input: { image: string }): Promise<{ insertedId: string }> {
  const id = deps.newId();
  await deps.sliders.insert({ id, image: input.image, createdAt: deps.clock.now() });
  return { insertedId: id };
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

import type { ImageStore } from '../../platform/image-store/image-store.js';
import { prepareImageApart } from '../../platform/image-store/prepare-image-apart.js';
import { createWorkGate, type WorkGate } from '../../platform/work-gate.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';

/**
 * Pictures decoded at once, process-wide, and how many more may wait (issue 40, decision 047): a
 * 4000x4000 photo is ~48 MB of pixels while libvips turns it, and 16 decoded together left the
 * process at ~490 MB RSS. One at a time; the dashboard sends a product's pictures together (3 at
 * most), so 4 wait their turn; past that 429 images/busy with Retry-After, answered before the
 * request's body is read (`full()`). Waiting uploads hold their bytes (5 MB at most each, twice:
 * the parsed form and its copy), so the line is short.
 */
export const imageDecoding: WorkGate = createWorkGate({ atOnce: 1, maxWaiting: 4 });

/** The refusal of an upload while the line of pictures is full. */
export const imagesBusy = (): AppError => appError('images/busy', 'Other pictures are being prepared right now. Try again in a few seconds.');

/**
 * Admin upload: checked by content, re-encoded to WebP without metadata, then kept by the
 * configured store. A rejected file is never written anywhere.
 */
export async function uploadImage(
  deps: { images: ImageStore; onStoreError: (e: unknown) => void; decoding?: WorkGate },
  bytes: Uint8Array,
): Promise<Result<{ data: { display_url: string } }, AppError>> {
  const slot = await (deps.decoding ?? imageDecoding).enter();
  if (!slot) return err(imagesBusy());
  let prepared: Awaited<ReturnType<typeof prepareImageApart>>;
  try {
    prepared = await prepareImageApart(bytes);
  } finally {
    slot();
  }
  if (!prepared.ok) return err(appError(prepared.error.code, prepared.error.message));
  try {
    const stored = await deps.images.save(prepared.value);
    return ok({ data: { display_url: stored.url } });
  } catch (e) {
    deps.onStoreError(e);
    return err(appError('images/store-failed', 'The image could not be stored right now. Please try again.'));
  }
}

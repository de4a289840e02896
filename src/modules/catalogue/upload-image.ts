import type { ImageStore } from '../../platform/image-store/image-store.js';
import { prepareImage } from '../../platform/image-store/prepare-image.js';
import { appError, type AppError } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';

/**
 * Admin upload: checked by content, re-encoded to WebP without metadata, then kept by the
 * configured store. A rejected file is never written anywhere.
 */
export async function uploadImage(
  deps: { images: ImageStore; onStoreError: (e: unknown) => void },
  bytes: Uint8Array,
): Promise<Result<{ data: { display_url: string } }, AppError>> {
  const prepared = await prepareImage(bytes);
  if (!prepared.ok) return err(appError(prepared.error.code, prepared.error.message));
  try {
    const stored = await deps.images.save(prepared.value);
    return ok({ data: { display_url: stored.url } });
  } catch (e) {
    deps.onStoreError(e);
    return err(appError('images/store-failed', 'The image could not be stored right now. Please try again.'));
  }
}

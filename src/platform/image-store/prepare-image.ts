import { createHash } from 'node:crypto';
import { err, ok, type Result } from '../../shared/result.js';
import { maxUploadBytes, type ImageRejection, type PreparedImage } from './image-store.js';

/** Widest picture we keep; wider uploads are scaled down, narrower ones are never enlarged. */
export const maxImageWidth = 1600;
/**
 * The copies for srcset. Every picture has all of them, so a page can name them without
 * knowing the picture's size: a copy wider than the picture is the full picture (never enlarged).
 */
export const variantWidths = [480, 960] as const;
/**
 * Decompression-bomb guard: a few KB of PNG can claim 100k x 100k pixels, and libvips refuses
 * before allocating them. 25 MP (5000 x 5000; a 24 MP camera's 6000 x 4000) is above what a phone
 * saves, and bounds one decode at ~100 MB of pixels when it must be held whole (a rotation).
 * Issue 40: it was 40 MP.
 */
export const maxInputPixels = 25_000_000;
const webpQuality = 82;

const rejections = {
  missing: { code: 'images/missing-file', message: 'Choose an image to upload.' },
  tooLarge: { code: 'images/too-large', message: 'Images can be at most 5 MB.' },
  unsupported: { code: 'images/unsupported-type', message: 'Only JPEG, PNG, WebP or GIF images can be uploaded.' },
  unreadable: { code: 'images/unreadable', message: 'This file could not be read as an image.' },
} as const satisfies Record<string, ImageRejection>;

type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((ch) => ch.charCodeAt(0));

/**
 * The type is read from the content's magic bytes only. A file name or a browser's declared MIME
 * type is chosen by the uploader, so an HTML or SVG page named `cat.png` must not get through.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

let quieted = false;
/**
 * libvips' defaults suit a batch converter, not a shop's process (issue 40): its operation cache
 * keeps up to 50 MB of recent results (nothing is decoded twice here), and a thread per core per
 * image made 16 uploads leave RSS at ~490 MB (glibc keeps an arena per thread). No cache, one
 * thread: an upload takes a little longer, and the memory goes back after it.
 */
function quiet(sharp: { cache(on: boolean): unknown; concurrency(threads: number): unknown }): void {
  if (quieted) return;
  quieted = true;
  sharp.cache(false);
  sharp.concurrency(1);
}

/**
 * Checks an upload and re-encodes it: the stored file is always a WebP we produced ourselves, so
 * whatever else the upload carried (EXIF with GPS, a script after the pixels, extra frames) is
 * gone. Bad input is an expected failure and comes back as a value; this never throws for it.
 *
 * `declaredName` is accepted so callers can pass what the browser sent, and deliberately ignored:
 * see sniffImageType.
 */
export async function prepareImage(bytes: Uint8Array, _declaredName?: string): Promise<Result<PreparedImage, ImageRejection>> {
  if (bytes.length === 0) return err(rejections.missing);
  // Before decoding: the size limit also bounds the work a hostile upload can cause.
  if (bytes.length > maxUploadBytes) return err(rejections.tooLarge);
  if (!sniffImageType(bytes)) return err(rejections.unsupported);

  // sharp (libvips) is loaded on the first image, not at start: most processes never draw one.
  const { default: sharp } = await import('sharp');
  quiet(sharp);
  try {
    // failOn 'error' also fails truncated files (libvips ranks 'truncated' below 'error'), so a
    // polyglot or a cut-off JPEG is refused rather than stored as a half-grey picture.
    // Only the first frame is read (sharp's default), so an animated GIF becomes a still.
    const decoded = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'error' }).rotate();
    const full = await decoded
      .clone()
      .resize({ width: maxImageWidth, withoutEnlargement: true })
      .webp({ quality: webpQuality })
      .toBuffer({ resolveWithObject: true });
    // One after another: each copy decodes the upload again (shrink-on-load makes that cheap for
    // JPEG), and together they held their pixels at once.
    const variants: Array<{ width: number; webp: Buffer }> = [];
    for (const width of variantWidths) {
      variants.push({ width, webp: full.info.width > width ? await decoded.clone().resize({ width }).webp({ quality: webpQuality }).toBuffer() : full.data });
    }
    return ok({
      webp: full.data,
      variants,
      width: full.info.width,
      height: full.info.height,
      hash: createHash('sha256').update(full.data).digest('hex'),
    });
  } catch {
    // sharp's message names libvips internals; the uploader only needs to know it is not an image.
    return err(rejections.unreadable);
  }
}

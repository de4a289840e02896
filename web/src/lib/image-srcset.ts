/**
 * Images the shop stored itself also exist as 480 and 960 px wide copies (`<name>-480.webp`,
 * `<name>-960.webp`; see the product contract in src/modules/catalogue/adapters/http.ts): those on
 * its own server (`/uploads/<name>.webp`) and those in an S3-compatible bucket (an https URL whose
 * name is the picture's SHA-256, `<64 hex>.webp`, decision 023). Images hosted elsewhere (imgbb)
 * have no such copies and are used as they are.
 */
const OWN_STORE = /^(\/uploads\/[^/?#]+|https:\/\/[^?#]+\/[0-9a-f]{64})\.webp$/;

/**
 * The `srcSet` for a picture the shop stored, or undefined for any other URL. With `fullWidth`, the
 * full picture (at most 1600 px wide) is a candidate too, for images shown wider than 960 px (the banners).
 */
export function uploadSrcSet(url: string, fullWidth?: number): string | undefined {
  const match = OWN_STORE.exec(url);
  if (!match) return undefined;
  const name = match[1];
  const copies = `${name}-480.webp 480w, ${name}-960.webp 960w`;
  return fullWidth ? `${copies}, ${url} ${fullWidth}w` : copies;
}

/**
 * `sizes` for an image that fills one cell of the product grid: 2 columns up to 860px, 3 up to 1365px,
 * 4 above, inside a container at most 1240px wide (so never more than about 300px per card).
 */
export const PRODUCT_GRID_SIZES = '(min-width: 1366px) 300px, (min-width: 861px) 33vw, 50vw';

/** Widest picture the server keeps (see prepare-image.ts on the server): the banners' full size. */
export const FULL_IMAGE_WIDTH = 1600;

/** `sizes` for a home banner: the width of the container (1240px at most, less its gutters of 16-32px). */
export const BANNER_SIZES = '(min-width: 1240px) 1176px, 94vw';

/** `sizes` for a product's gallery: the full width up to 860px, then about half of the 1240px container. */
export const GALLERY_SIZES = '(min-width: 861px) 600px, 100vw';

/** Props for an <img> showing `url` at the given `sizes`: src, plus srcSet and sizes when copies exist. */
export function responsiveImageProps(
  url: string,
  sizes: string,
  fullWidth?: number,
): { src: string; srcSet?: string; sizes?: string } {
  const srcSet = uploadSrcSet(url, fullWidth);
  return srcSet ? { src: url, srcSet, sizes } : { src: url };
}

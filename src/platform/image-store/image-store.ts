/**
 * Where uploaded (and demo) images live. Three adapters: local disk under DATA_DIR (default, one
 * machine), an S3-compatible bucket, and imgbb. Callers hand over bytes already checked and
 * re-encoded by prepareImage(); a store only keeps them and answers the public URL.
 */
export type StoredImage = { url: string };

export type ImageStore = {
  readonly kind: 'local' | 's3' | 'imgbb';
  /** `image` is WebP bytes from prepareImage(); `variants` are smaller widths of the same picture. */
  save(image: PreparedImage): Promise<StoredImage>;
};

export type PreparedImage = {
  /** Full picture, WebP, at most 1600 px wide, metadata stripped. */
  webp: Buffer;
  /** WebP copies by width (480, 960), for srcset; a copy wider than the picture is the full picture. */
  variants: ReadonlyArray<{ width: number; webp: Buffer }>;
  width: number;
  height: number;
  /** SHA-256 (hex) of `webp`: the stored name, so the same picture is stored once. */
  hash: string;
};

export type ImageRejection =
  | { code: 'images/missing-file'; message: string }
  | { code: 'images/unsupported-type'; message: string }
  | { code: 'images/too-large'; message: string }
  | { code: 'images/unreadable'; message: string };

export const maxUploadBytes = 5 * 1024 * 1024;

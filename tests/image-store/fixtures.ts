import sharp from 'sharp';
import type { PreparedImage } from '../../src/platform/image-store/image-store.js';
import { prepareImage } from '../../src/platform/image-store/prepare-image.js';

/** A real picture in the given format: a gradient with a block, so encoders have something to do. */
export async function makeImage(format: 'jpeg' | 'png' | 'gif' | 'webp', width: number, height: number): Promise<Buffer> {
  const block = await sharp({ create: { width: Math.ceil(width / 3), height: Math.ceil(height / 3), channels: 3, background: '#ff3366' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([{ input: block, left: Math.floor(width / 4), top: Math.floor(height / 4) }])
    .toFormat(format)
    .toBuffer();
}

/** A prepared picture, as a store receives it. */
export async function preparedImage(width = 1200, height = 800): Promise<PreparedImage> {
  const result = await prepareImage(await makeImage('png', width, height));
  if (!result.ok) throw new Error(`fixture image rejected: ${result.error.code}`);
  return result.value;
}

export const isWebp = (bytes: Uint8Array): boolean =>
  Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP';

import { createHash } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { maxUploadBytes } from '../../src/platform/image-store/image-store.js';
import { prepareImage, sniffImageType } from '../../src/platform/image-store/prepare-image.js';
import { isWebp, makeImage } from './fixtures.js';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

async function expectRejected(bytes: Uint8Array, code: string, name?: string) {
  const result = await prepareImage(bytes, name);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.code).toBe(code);
    expect(result.error.message.length).toBeGreaterThan(0);
  }
}

async function prepared(bytes: Uint8Array) {
  const result = await prepareImage(bytes);
  if (!result.ok) throw new Error(`rejected: ${result.error.code}`);
  return result.value;
}

describe('prepareImage accepts real images and re-encodes them as WebP', () => {
  it.each(['jpeg', 'png', 'gif', 'webp'] as const)('%s', async (format) => {
    const input = await makeImage(format, 640, 400);
    const image = await prepared(input);

    expect(isWebp(image.webp)).toBe(true);
    const meta = await sharp(image.webp).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(400);
    expect(meta.exif).toBeUndefined();
    expect(image.width).toBe(640);
    expect(image.height).toBe(400);
    expect(image.hash).toBe(createHash('sha256').update(image.webp).digest('hex'));
    expect(image.variants.map((v) => v.width)).toEqual([480, 960]);
    // 640 px is narrower than 960: that copy is the full picture, not an enlargement.
    expect(image.variants[1]?.webp.equals(image.webp)).toBe(true);
  });

  it('scales a 3000 px picture down to 1600 px and makes 480 and 960 px variants', async () => {
    const image = await prepared(await makeImage('jpeg', 3000, 1500));

    expect(image.width).toBe(1600);
    expect(image.height).toBe(800);
    const full = await sharp(image.webp).metadata();
    expect([full.width, full.height]).toEqual([1600, 800]);
    expect(image.variants.map((v) => v.width)).toEqual([480, 960]);
    for (const variant of image.variants) {
      expect(isWebp(variant.webp)).toBe(true);
      const meta = await sharp(variant.webp).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(variant.width / 2);
    }
  });

  it("never enlarges: a 300 px picture's copies are the picture itself", async () => {
    const image = await prepared(await makeImage('png', 300, 200));
    expect([image.width, image.height]).toEqual([300, 200]);
    expect(image.variants.map((v) => v.width)).toEqual([480, 960]);
    for (const variant of image.variants) {
      expect(variant.webp.equals(image.webp)).toBe(true);
      expect((await sharp(variant.webp).metadata()).width).toBe(300);
    }
  });

  it('the same picture gives the same hash; a different one another', async () => {
    const a = await prepared(await makeImage('png', 500, 300));
    const b = await prepared(await makeImage('png', 500, 300));
    const c = await prepared(await makeImage('png', 500, 301));
    expect(a.hash).toBe(b.hash);
    expect(c.hash).not.toBe(a.hash);
  });

  it('strips EXIF (camera, owner, GPS) and applies the EXIF orientation first', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Copyright: 'Owner Name' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // The fixture really carries the metadata we expect to see removed.
    const before = await sharp(jpeg).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('Owner Name');
    expect(before.exif?.toString('latin1')).toContain('PhoneCo');

    const image = await prepared(jpeg);
    const after = await sharp(image.webp).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    for (const bytes of [image.webp, ...image.variants.map((v) => v.webp)]) {
      expect(bytes.includes('Owner Name')).toBe(false);
      expect(bytes.includes('PhoneCo')).toBe(false);
      expect(bytes.includes('Exif')).toBe(false);
    }
    // Orientation 6 means "rotate 90° clockwise to display": the stored picture is upright.
    expect([image.width, image.height]).toEqual([200, 300]);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((background) => sharp({ create: { width: 120, height: 80, channels: 3, background } }).png().toBuffer()),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);

    const image = await prepared(gif);
    expect([image.width, image.height]).toEqual([120, 80]);
    const meta = await sharp(image.webp).metadata();
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(image.webp).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // red: the first frame
    expect(data[2]).toBeLessThan(50);
  });

  it('drops bytes hidden after a valid PNG (the stored file is our own encoding)', async () => {
    const png = await makeImage('png', 200, 100);
    const image = await prepared(Buffer.concat([png, html]));
    expect(image.webp.includes('<script>')).toBe(false);
    expect(isWebp(image.webp)).toBe(true);
  });
});

describe('prepareImage rejects as values', () => {
  it('zero bytes', async () => {
    await expectRejected(new Uint8Array(0), 'images/missing-file');
  });

  it('more than 5 MB, before trying to decode it', async () => {
    // A valid image signature followed by junk: decoding would answer "unreadable", so the
    // "too-large" answer shows the size is checked first.
    const big = Buffer.alloc(maxUploadBytes + 1);
    pngSignature.copy(big);
    await expectRejected(big, 'images/too-large');
    const atLimit = Buffer.alloc(maxUploadBytes);
    pngSignature.copy(atLimit);
    await expectRejected(atLimit, 'images/unreadable');
  });

  it('HTML', async () => {
    await expectRejected(html, 'images/unsupported-type');
  });

  it('an SVG with a script, even though sharp could render SVG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    await expectRejected(svg, 'images/unsupported-type', 'picture.svg');
  });

  it('a PDF', async () => {
    await expectRejected(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), 'images/unsupported-type');
  });

  it('plain text', async () => {
    await expectRejected(Buffer.from('hello, this is not a picture'), 'images/unsupported-type');
  });

  it('HTML named .png: the name is not trusted', async () => {
    await expectRejected(html, 'images/unsupported-type', 'cat.png');
  });

  it('a PNG signature followed by HTML (polyglot)', async () => {
    await expectRejected(Buffer.concat([pngSignature, html]), 'images/unreadable', 'cat.png');
  });

  it('a truncated JPEG', async () => {
    const jpeg = await makeImage('jpeg', 800, 600);
    await expectRejected(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'images/unreadable');
  });

  it('a truncated PNG', async () => {
    const png = await makeImage('png', 800, 600);
    await expectRejected(png.subarray(0, Math.floor(png.length / 2)), 'images/unreadable');
  });

  it('a decompression bomb: a small PNG of more than 40 megapixels', async () => {
    const bomb = await sharp({ create: { width: 6400, height: 6400, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(maxUploadBytes / 10);
    // A well-formed picture, refused only for its pixel count.
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(6400);
    await expectRejected(bomb, 'images/unreadable');
  });

  it('only the signature of each type, with nothing after it', async () => {
    for (const signature of ['FFD8FF', '89504E470D0A1A0A', Buffer.from('GIF89a').toString('hex'), Buffer.from('RIFF\0\0\0\0WEBP').toString('hex')]) {
      await expectRejected(Buffer.from(signature, 'hex'), 'images/unreadable');
    }
  });
});

describe('sniffImageType reads magic bytes', () => {
  it('recognises the four types and nothing else', () => {
    expect(sniffImageType(Buffer.from('FFD8FFE0', 'hex'))).toBe('jpeg');
    expect(sniffImageType(pngSignature)).toBe('png');
    expect(sniffImageType(Buffer.from('GIF87a'))).toBe('gif');
    expect(sniffImageType(Buffer.from('GIF89a'))).toBe('gif');
    expect(sniffImageType(Buffer.from('RIFF1234WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(Buffer.from('RIFF1234WAVEfmt '))).toBeUndefined(); // a RIFF that is audio
    expect(sniffImageType(Buffer.from('GIF88a'))).toBeUndefined();
    expect(sniffImageType(pngSignature.subarray(0, 7))).toBeUndefined();
    expect(sniffImageType(Buffer.from('FFD8', 'hex'))).toBeUndefined();
  });
});

describe('prepareImage property', () => {
  const signatures = [Buffer.from('FFD8FF', 'hex'), pngSignature, Buffer.from('GIF87a'), Buffer.from('GIF89a')];
  const looksLikeImage = (bytes: Uint8Array) =>
    signatures.some((s) => bytes.length >= s.length && Buffer.from(bytes.subarray(0, s.length)).equals(s)) ||
    (Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' && Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP');

  it('any bytes without an image signature are refused as unsupported (or missing), never thrown', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 2048 }),
          // Near misses: a real signature with one byte changed, then anything.
          fc
            .tuple(fc.constantFrom(...signatures), fc.nat(), fc.uint8Array({ maxLength: 256 }))
            .map(([s, at, rest]) => {
              const bytes = Buffer.concat([s, rest]);
              const i = at % s.length;
              bytes[i] = (bytes[i]! + 1) % 256;
              return new Uint8Array(bytes);
            }),
        ),
        async (bytes) => {
          fc.pre(!looksLikeImage(bytes));
          const result = await prepareImage(bytes, 'upload.png');
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error.code).toBe(bytes.length === 0 ? 'images/missing-file' : 'images/unsupported-type');
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('bytes with a signature are never thrown either: they are decoded or refused as unreadable', async () => {
    const allSignatures = [...signatures, Buffer.from('RIFF\0\0\0\0WEBP')];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...allSignatures), fc.uint8Array({ maxLength: 1024 }), async (signature, rest) => {
        const result = await prepareImage(Buffer.concat([signature, rest]));
        if (!result.ok) expect(result.error.code).toBe('images/unreadable');
      }),
      { numRuns: 100 },
    );
  });
});

import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDiskImageStore } from '../../src/platform/image-store/local-disk-image-store.js';
import { preparedImage } from './fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'image-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
const freshDir = () => join(root, `case-${++count}`, 'uploads');

describe('local disk image store', () => {
  it('writes the picture and its variants under their hash, and answers the public URL', async () => {
    const dir = freshDir();
    const image = await preparedImage(1200, 800);
    const store = createLocalDiskImageStore({ dir });

    const stored = await store.save(image);

    expect(store.kind).toBe('local');
    expect(stored).toEqual({ url: `/uploads/${image.hash}.webp` });
    expect(readdirSync(dir).sort()).toEqual([`${image.hash}-480.webp`, `${image.hash}-960.webp`, `${image.hash}.webp`]);
    expect(readFileSync(join(dir, `${image.hash}.webp`)).equals(image.webp)).toBe(true);
    for (const variant of image.variants) {
      expect(readFileSync(join(dir, `${image.hash}-${variant.width}.webp`)).equals(variant.webp)).toBe(true);
    }
  });

  it('uses the given public path, and writes every copy a page may name, even for a narrow picture', async () => {
    const dir = freshDir();
    const image = await preparedImage(400, 300);
    const stored = await createLocalDiskImageStore({ dir, publicPath: '/media/img/' }).save(image);
    expect(stored.url).toBe(`/media/img/${image.hash}.webp`);
    expect(readdirSync(dir).sort()).toEqual([`${image.hash}-480.webp`, `${image.hash}-960.webp`, `${image.hash}.webp`].sort());
  });

  it('the same picture twice writes nothing new', async () => {
    const dir = freshDir();
    const image = await preparedImage();
    const store = createLocalDiskImageStore({ dir });
    await store.save(image);
    const before = new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).ino]));

    const again = await store.save(image);

    expect(again.url).toBe(`/uploads/${image.hash}.webp`);
    const after = new Map(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).ino]));
    // Same names and same inodes: no file was replaced, not even by an identical copy.
    expect(after).toEqual(before);
  });

  it('concurrent saves of the same picture leave exactly the three files and no temporary ones', async () => {
    const dir = freshDir();
    const image = await preparedImage();
    const store = createLocalDiskImageStore({ dir });
    await Promise.all([store.save(image), store.save(image), store.save(image)]);
    expect(readdirSync(dir).sort()).toEqual([`${image.hash}-480.webp`, `${image.hash}-960.webp`, `${image.hash}.webp`]);
  });

  it('throws when the folder cannot be created (a file is in the way), leaving nothing', async () => {
    const parent = join(root, `case-${++count}`);
    mkdirSync(parent, { recursive: true });
    const dir = join(parent, 'uploads');
    writeFileSync(dir, 'not a folder');
    const image = await preparedImage();

    await expect(createLocalDiskImageStore({ dir }).save(image)).rejects.toThrow(/Could not store image/);
    expect(readdirSync(parent)).toEqual(['uploads']);
    expect(readFileSync(dir, 'utf8')).toBe('not a folder');
  });

  it('a write failing half-way throws and removes what this call wrote, temporary files included', async () => {
    const dir = freshDir();
    const image = await preparedImage();
    // A folder squatting the full picture's name: the variants are written first, then renaming
    // the full picture into place fails.
    mkdirSync(join(dir, `${image.hash}.webp`, 'inside'), { recursive: true });

    await expect(createLocalDiskImageStore({ dir }).save(image)).rejects.toThrow(Error);

    expect(readdirSync(dir)).toEqual([`${image.hash}.webp`]);
    expect(statSync(join(dir, `${image.hash}.webp`)).isDirectory()).toBe(true);
  });

  it('a failure does not remove files an earlier save wrote', async () => {
    const dir = freshDir();
    const image = await preparedImage();
    const store = createLocalDiskImageStore({ dir });
    // An earlier upload left the 480 px variant; this save writes the 960 one, then fails.
    mkdirSync(dir, { recursive: true });
    const variant480 = image.variants.find((v) => v.width === 480)!;
    writeFileSync(join(dir, `${image.hash}-480.webp`), variant480.webp);
    mkdirSync(join(dir, `${image.hash}.webp`, 'inside'), { recursive: true });

    await expect(store.save(image)).rejects.toThrow(Error);

    expect(readdirSync(dir).sort()).toEqual([`${image.hash}-480.webp`, `${image.hash}.webp`]);
  });

  // root ignores permissions, so this case only runs as an ordinary user.
  it.skipIf(process.getuid?.() === 0)('a read-only folder throws and leaves no picture', async () => {
    const dir = freshDir();
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o555);
    try {
      const image = await preparedImage();
      await expect(createLocalDiskImageStore({ dir }).save(image)).rejects.toThrow(/Could not store image/);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      chmodSync(dir, 0o755);
    }
  });
});

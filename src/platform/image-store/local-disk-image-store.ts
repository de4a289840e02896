import { randomUUID } from 'node:crypto';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ImageStore, PreparedImage } from './image-store.js';

export type LocalDiskImageStoreOptions = {
  /** Folder the files go to (created when missing); the web server serves it at `publicPath`. */
  dir: string;
  publicPath?: string;
};

/** File names inside the folder; the hash makes them content-addressed. */
export const localImageFileName = (hash: string, width?: number): string => (width ? `${hash}-${width}.webp` : `${hash}.webp`);

/**
 * Keeps images as `<hash>.webp` (+ `<hash>-480.webp`, `<hash>-960.webp`) in one folder.
 *
 * Invariants:
 * - A final name only ever holds a complete file: each file is written and fsynced under a
 *   temporary name in the same folder, then renamed (atomic within one file system).
 * - The same hash is the same content, so a name that already exists is left alone.
 * - The full picture is written last: once `<hash>.webp` exists (the name the URL points at),
 *   its variants exist too, and a failure never has to remove a full picture another upload may
 *   already reference.
 */
export function createLocalDiskImageStore({ dir, publicPath = '/uploads' }: LocalDiskImageStoreOptions): ImageStore {
  const base = publicPath.replace(/\/+$/, '');
  return {
    kind: 'local',
    async save(image: PreparedImage) {
      const files = [
        ...image.variants.map((v) => ({ name: localImageFileName(image.hash, v.width), bytes: v.webp })),
        { name: localImageFileName(image.hash), bytes: image.webp },
      ];
      const written: string[] = [];
      try {
        await mkdir(dir, { recursive: true });
        for (const file of files) {
          const target = join(dir, file.name);
          if (await isFile(target)) continue;
          await writeAtomically(target, file.bytes);
          written.push(target);
        }
      } catch (cause) {
        await Promise.all(written.map((path) => rm(path, { force: true })));
        throw new Error(`Could not store image ${image.hash} in ${dir}`, { cause });
      }
      return { url: `${base}/${localImageFileName(image.hash)}` };
    },
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isFile();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  // Dot-prefixed and unique per call: concurrent saves of the same picture never share a temp
  // file, and a static file server that hides dotfiles never serves one.
  const temp = join(dirname(target), `.${randomUUID()}.tmp`);
  try {
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(bytes);
      // Without the fsync a power cut after the rename could leave an empty file under the final name.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

import { err, ok, type Result } from '../../shared/result.js';
import type { ImageRejection, PreparedImage } from './image-store.js';

/**
 * The child's answer on its stdout: 4 bytes (the header's length, big-endian), a JSON header, then
 * the WebP files one after another in the header's order.
 */
type Header =
  | { ok: false; error: ImageRejection }
  | { ok: true; width: number; height: number; hash: string; full: number; variants: Array<{ width: number; bytes: number }> };

export function writeFrame(prepared: Result<PreparedImage, ImageRejection>): Buffer {
  const header: Header = prepared.ok
    ? { ok: true, width: prepared.value.width, height: prepared.value.height, hash: prepared.value.hash, full: prepared.value.webp.length, variants: prepared.value.variants.map((v) => ({ width: v.width, bytes: v.webp.length })) }
    : { ok: false, error: prepared.error };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, ...(prepared.ok ? [prepared.value.webp, ...prepared.value.variants.map((v) => v.webp)] : [])]);
}

/** The frame back into prepareImage()'s answer; null when it is not a whole frame. */
export function readFrame(frame: Buffer): Result<PreparedImage, ImageRejection> | null {
  if (frame.length < 4) return null;
  const length = frame.readUInt32BE(0);
  if (frame.length < 4 + length) return null;
  let header: Header;
  try {
    header = JSON.parse(frame.subarray(4, 4 + length).toString('utf8')) as Header;
  } catch {
    return null;
  }
  if (!header.ok) return err(header.error);
  let at = 4 + length;
  const take = (bytes: number) => {
    const part = frame.subarray(at, at + bytes);
    at += bytes;
    return part;
  };
  const webp = take(header.full);
  const variants = header.variants.map((v) => ({ width: v.width, webp: take(v.bytes) }));
  if (at !== frame.length) return null;
  return ok({ webp, variants, width: header.width, height: header.height, hash: header.hash });
}

/**
 * 24 hex characters, like the `_id`s the spec's clients know: 6 bytes of milliseconds then
 * 6 random bytes, so ids created later sort later (ties within a millisecond are random).
 * Pure enough for the browser too: randomness comes from Web Crypto, which Node and browsers share.
 */
export type IdGenerator = () => string;

/** The shape of every id the shop makes; routes check ids against it before any lookup. */
export const idPattern = /^[0-9a-f]{24}$/;

export const isId = (value: string): boolean => idPattern.test(value);

const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

// Random bytes are drawn 4 KB at a time (one call into the CSPRNG per 682 ids instead of one each).
const pool = new Uint8Array(4096);
let used = pool.length;

export const newId: IdGenerator = () => {
  if (used + 6 > pool.length) {
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  let random = '';
  for (let i = used; i < used + 6; i++) random += hex[pool[i]!];
  used += 6;
  return Date.now().toString(16).padStart(12, '0').slice(-12) + random;
};

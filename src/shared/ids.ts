import { randomFillSync } from 'node:crypto';

/**
 * 24 hex characters, like the `_id`s the spec's clients know: 6 bytes of milliseconds then
 * 6 random bytes, so ids created later sort later (ties within a millisecond are random).
 */
export type IdGenerator = () => string;

// Random bytes are drawn 4 KB at a time (one call into the CSPRNG per 682 ids instead of one each).
const pool = Buffer.alloc(4096);
let used = pool.length;

export const newId: IdGenerator = () => {
  if (used + 6 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const random = pool.toString('hex', used, used + 6);
  used += 6;
  return Date.now().toString(16).padStart(12, '0').slice(-12) + random;
};

export const isId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);

import { randomBytes } from 'node:crypto';

/**
 * 24 hex characters, like the `_id`s the spec's clients know: 6 bytes of milliseconds then
 * 6 random bytes, so ids created later sort later (ties within a millisecond are random).
 */
export type IdGenerator = () => string;

export const newId: IdGenerator = () => {
  const time = Date.now().toString(16).padStart(12, '0').slice(-12);
  return time + randomBytes(6).toString('hex');
};

export const isId = (value: string): boolean => /^[0-9a-f]{24}$/.test(value);

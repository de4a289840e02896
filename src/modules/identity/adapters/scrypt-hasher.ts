import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../ports.js';

const scryptAsync = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (e, key) => (e ? reject(e) : resolve(key))),
  );

/**
 * scrypt with a random 16-byte salt, stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can
 * be raised later without breaking stored hashes. N=2^15 costs ~50-100 ms on a small VPS.
 */
export function createScryptHasher(cost: { N: number; r: number; p: number } = { N: 2 ** 15, r: 8, p: 1 }): PasswordHasher {
  const keylen = 32;
  const maxmem = 256 * cost.N * cost.r;
  const dummy = `scrypt$${cost.N}$${cost.r}$${cost.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(keylen).toString('base64')}`;

  const verify = async (password: string, stored: string) => {
    const [scheme, n, r, p, salt, hash] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 256 * Number(n) * Number(r),
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await scryptAsync(password, salt, keylen, { ...cost, maxmem });
      return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    verify,
    async burn(password) {
      await verify(password, dummy);
    },
  };
}

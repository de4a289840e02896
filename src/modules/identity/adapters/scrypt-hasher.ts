import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../ports.js';

const scryptOnce = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keylen, options, (e, key) => (e ? reject(e) : resolve(key))),
  );

/**
 * Runs at most `limit` tasks at once, the rest in arrival order. Each scrypt at N=2^15, r=8 holds
 * 32 MB while it runs; libuv runs four at once by default, so a burst of sign-ins (a flood of
 * failed logins, each hashed to keep its timing) took the process from ~95 to ~220 MB RSS. One
 * at a time keeps that at 32 MB, at ~10-20 hashes a second, far above what the sign-in limits let
 * one address ask (decision 013). Waiting tasks are bounded by the open requests.
 */
export function oneAtATime(limit = 1) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * scrypt with a random 16-byte salt, stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can
 * be raised later without breaking stored hashes. N=2^15 costs ~50-100 ms on a small VPS.
 */
export function createScryptHasher(cost: { N: number; r: number; p: number } = { N: 2 ** 15, r: 8, p: 1 }, concurrency = 1): PasswordHasher {
  const keylen = 32;
  const queue = oneAtATime(concurrency);
  const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions) => queue(() => scryptOnce(password, salt, length, options));
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

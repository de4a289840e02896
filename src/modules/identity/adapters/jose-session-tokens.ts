import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionClaims, SessionTokens } from '../ports.js';

export const tokenIssuer = 'anime-shop';
export const tokenAudience = 'anime-shop-web';

type Verified = { claims: SessionClaims; exp: number; nbf: number | undefined };

/**
 * The shop's own session tokens: HS256 with the server's SESSION_SECRET. Verification allows
 * only HS256 (no `none`, no key confusion), and requires exp, sub, issuer and audience. The role
 * is deliberately not in the token: it is read from the database on every request.
 *
 * A token whose signature was checked once is remembered (by its exact text, at most
 * `cacheSize` of them, oldest first out): a token's text and signature never change, so only
 * its time window is checked again on a hit. Revocation does not depend on this: the token
 * version and the user are read from the database on every request (authenticate.ts).
 */
export function createJoseSessionTokens(options: { secret: string; ttlSeconds: number; now?: () => Date; cacheSize?: number }): SessionTokens {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());
  const cacheSize = options.cacheSize ?? 10_000;
  const verified = new Map<string, Verified>();
  const inWindow = (v: Verified) => {
    const seconds = now().getTime() / 1000;
    return v.exp > seconds && (v.nbf === undefined || v.nbf <= seconds);
  };
  return {
    async issue(claims) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ prov: claims.provider, ver: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.email)
        .setIssuer(tokenIssuer)
        .setAudience(tokenAudience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + options.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (inWindow(hit)) return hit.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: tokenIssuer,
          audience: tokenAudience,
          requiredClaims: ['exp', 'sub', 'iat'],
          currentDate: now(),
        });
        const { sub, prov, ver, exp, nbf } = payload;
        if (typeof sub !== 'string' || (prov !== 'local' && prov !== 'firebase') || typeof ver !== 'number' || typeof exp !== 'number') return null;
        const claims: SessionClaims = { email: sub, provider: prov, tokenVersion: ver };
        if (verified.size >= cacheSize) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, exp, nbf: typeof nbf === 'number' ? nbf : undefined });
        return claims;
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}

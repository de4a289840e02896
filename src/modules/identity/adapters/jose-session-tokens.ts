import { errors, jwtVerify, SignJWT } from 'jose';
import type { SessionTokens } from '../ports.js';

export const tokenIssuer = 'anime-shop';
export const tokenAudience = 'anime-shop-web';

/**
 * The shop's own session tokens: HS256 with the server's SESSION_SECRET. Verification allows
 * only HS256 (no `none`, no key confusion), and requires exp, sub, issuer and audience. The role
 * is deliberately not in the token: it is read from the database on every request.
 */
export function createJoseSessionTokens(options: { secret: string; ttlSeconds: number; now?: () => Date }): SessionTokens {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: tokenIssuer,
          audience: tokenAudience,
          requiredClaims: ['exp', 'sub', 'iat'],
          currentDate: now(),
        });
        const { sub, prov, ver } = payload;
        if (typeof sub !== 'string' || (prov !== 'local' && prov !== 'firebase') || typeof ver !== 'number') return null;
        return { email: sub, provider: prov, tokenVersion: ver };
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
  };
}

import { errors, jwtVerify, SignJWT } from 'jose';
import { createBoundedMap, textBytes } from '../../../platform/bounded-map.js';
import type { SessionClaims, SessionTokens } from '../ports.js';

export const tokenIssuer = 'anime-shop';
export const tokenAudience = 'anime-shop-web';
const identityPrefix = 'identity:';

type Verified = { claims: SessionClaims; exp: number; nbf: number | undefined };

/**
 * The shop's own session tokens: HS256 with the server's SESSION_SECRET. Verification allows
 * only HS256 (no `none`, no key confusion), and requires exp, sub, issuer and audience. The role
 * is deliberately not in the token: it is read from the database on every request.
 *
 * A token whose signature was checked once is remembered (by its exact text, at most
 * `cacheSize` of them and `cacheBytes` of token text and claims, least recently used out first;
 * decision 013): a token's text and signature never change, so only
 * its time window is checked again on a hit. Revocation does not depend on this: the token
 * version and the user are read from the database on every request (authenticate.ts).
 */
export function createJoseSessionTokens(options: {
  secret: string;
  ttlSeconds: number;
  now?: () => Date;
  cacheSize?: number;
  cacheBytes?: number;
}): SessionTokens & { cacheStats(): { entries: number; bytes: number; maxEntries: number; maxBytes: number; evictions: number } } {
  const key = new TextEncoder().encode(options.secret);
  const now = options.now ?? (() => new Date());
  // 10,000 tokens of ~300 characters are ~7 MB counted as UTF-16; 8 MB also stops a few
  // oversized tokens (an email claim can be long) from holding more than that.
  const verified = createBoundedMap<Verified>({ maxEntries: options.cacheSize ?? 10_000, maxBytes: options.cacheBytes ?? 8 * 1024 * 1024 });
  const inWindow = (v: Verified) => {
    const seconds = now().getTime() / 1000;
    return v.exp > seconds && (v.nbf === undefined || v.nbf <= seconds);
  };
  return {
    async issue(claims) {
      const iat = Math.floor(now().getTime() / 1000);
      // sub is the account id; a Firebase identity without a profile is `identity:<email>`
      // (ids are hex, so the two cannot be confused).
      const sub = claims.kind === 'account' ? claims.userId : `${identityPrefix}${claims.email}`;
      return new SignJWT({ prov: claims.provider, ver: claims.tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
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
        let claims: SessionClaims;
        if (sub.startsWith(identityPrefix)) {
          if (prov !== 'firebase') return null;
          claims = { kind: 'identity', provider: prov, email: sub.slice(identityPrefix.length), tokenVersion: ver };
        } else {
          claims = { kind: 'account', userId: sub, provider: prov, tokenVersion: ver };
        }
        verified.set(token, { claims, exp, nbf: typeof nbf === 'number' ? nbf : undefined }, textBytes(token) + textBytes(sub) + 64);
        return claims;
      } catch (e) {
        if (e instanceof errors.JOSEError) return null;
        throw e;
      }
    },
    cacheStats: () => verified.stats(),
  };
}

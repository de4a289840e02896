import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createJoseSessionTokens, tokenAudience, tokenIssuer } from './jose-session-tokens.js';

const secret = 'a-session-secret-a-session-secret-0123456789';
const claims = { kind: 'account' as const, userId: '64b7f0c2a1b2c3d4e5f60718', provider: 'local' as const, tokenVersion: 3 };

function clockAt(iso: string) {
  let ms = new Date(iso).getTime();
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

describe('session tokens, remembered after the first check', () => {
  it('answers the same claims on a hit, and none once the token has expired', async () => {
    const clock = clockAt('2026-03-01T10:00:00Z');
    const tokens = createJoseSessionTokens({ secret, ttlSeconds: 60, now: clock.now });
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(61_000);
    expect(await tokens.verify(token)).toBeNull();
    clock.advance(-61_000);
    // Forgotten once expired: it is checked afresh (and is valid again at the earlier time).
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('never lets a remembered token vouch for another text with the same claims', async () => {
    const clock = clockAt('2026-03-01T10:00:00Z');
    const tokens = createJoseSessionTokens({ secret, ttlSeconds: 3600, now: clock.now });
    const good = await tokens.issue(claims);
    expect(await tokens.verify(good)).toEqual(claims);
    const iat = Math.floor(clock.now().getTime() / 1000);
    const forged = await new SignJWT({ prov: 'local', ver: 3 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode('another-secret-another-secret-0123456789'));
    expect(await tokens.verify(forged)).toBeNull();
    const [header, payload] = good.split('.');
    expect(await tokens.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBeNull();
  });

  it('keeps at most cacheSize tokens and still verifies the ones pushed out', async () => {
    const clock = clockAt('2026-03-01T10:00:00Z');
    const tokens = createJoseSessionTokens({ secret, ttlSeconds: 3600, now: clock.now, cacheSize: 2 });
    const issued = await Promise.all([1, 2, 3, 4].map((v) => tokens.issue({ ...claims, tokenVersion: v })));
    for (const t of issued) expect((await tokens.verify(t))?.tokenVersion).toBeGreaterThan(0);
    for (const [i, t] of issued.entries()) expect(await tokens.verify(t)).toEqual({ ...claims, tokenVersion: i + 1 });
  });

  it('names the account by its id, and a Firebase identity without a profile by its email', async () => {
    const tokens = createJoseSessionTokens({ secret, ttlSeconds: 3600 });
    const token = await tokens.issue(claims);
    expect(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub).toBe(claims.userId);
    const identity = { kind: 'identity' as const, email: 'rina@example.com', provider: 'firebase' as const, tokenVersion: 0 };
    expect(await tokens.verify(await tokens.issue(identity))).toEqual(identity);
  });
});

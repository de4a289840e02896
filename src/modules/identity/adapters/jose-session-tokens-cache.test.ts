import { describe, expect, it } from 'vitest';
import { createJoseSessionTokens } from './jose-session-tokens.js';

describe('session-token cache caps (decision 013)', () => {
  it('holds at most its entries and bytes however many valid tokens are shown', async () => {
    const tokens = createJoseSessionTokens({ secret: 'x'.repeat(40), ttlSeconds: 3600, cacheSize: 50, cacheBytes: 20_000 });
    // Long subjects make each token big: the byte cap, not the entry cap, is what binds here.
    for (let i = 0; i < 300; i++) {
      const token = await tokens.issue({ kind: 'identity', provider: 'firebase', email: `${'a'.repeat(200)}${i}@example.com`, tokenVersion: 0 });
      expect(await tokens.verify(token)).not.toBeNull();
      const s = tokens.cacheStats();
      expect(s.entries).toBeLessThanOrEqual(50);
      expect(s.bytes).toBeLessThanOrEqual(20_000);
    }
    expect(tokens.cacheStats().evictions).toBeGreaterThan(0);
  });

  it('keeps 10,000 tokens by default and a byte cap as well', async () => {
    const s = createJoseSessionTokens({ secret: 'x'.repeat(40), ttlSeconds: 3600 }).cacheStats();
    expect(s).toMatchObject({ maxEntries: 10_000, maxBytes: 8 * 1024 * 1024 });
  });
});

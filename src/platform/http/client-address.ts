import type { Context } from 'hono';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The caller's address, for rate limits. Behind `proxies` reverse proxies (TRUST_PROXY=N) it is
 * the Nth X-Forwarded-For entry from the right: each proxy appends the address it saw, so the
 * right-most N entries were written by our own proxies and everything to their left is whatever
 * the client sent (a forged left-most entry must not give an attacker a fresh address). With no
 * proxy, or no header, it is the socket's peer, which a client cannot forge.
 */
export function clientAddress(c: Context, proxies: number | boolean): string {
  const n = typeof proxies === 'boolean' ? (proxies ? 1 : 0) : proxies;
  if (n > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    // Fewer entries than proxies: the left-most present (still one a proxy of ours wrote, as the
    // nearest proxy always appends; the socket peer would be that proxy, shared by everyone).
    const forwarded = entries[Math.max(0, entries.length - n)];
    if (forwarded) return forwarded;
  }
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}

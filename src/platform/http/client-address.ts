import type { Context } from 'hono';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The caller's address, for rate limits. Behind a reverse proxy (TRUST_PROXY) it is the first
 * X-Forwarded-For entry; otherwise the socket's peer, which a client cannot forge.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';
}

import type { Context, MiddlewareHandler } from 'hono';

/**
 * Image addresses for pages on another origin (issue 19, decision 040). The local image store's
 * addresses are root-relative (`/uploads/<name>.webp`): right for the shop's own pages, wrong for
 * a client hosted elsewhere, where they would resolve against that client's origin. Answers to
 * callers from CORS_ORIGINS carry them resolved against PUBLIC_URL instead; the shop's own web app
 * keeps relative ones (its pictures' smaller copies, its product form and its Content-Security-
 * Policy expect those), and so do all callers while PUBLIC_URL is not set.
 *
 * Only the wire's image fields are touched: `image` (cart lines, order lines, sliders), `images`
 * (products) and `imageLink`, and only root-relative values in them (`https://...` stays).
 */
const imageFields = new Set(['image', 'images', 'imageLink']);

const isRootRelative = (value: string) => value.startsWith('/') && !value.startsWith('//');

/** `value` (a JSON answer) with every root-relative image address resolved against `base`. */
function withAbsoluteImages(value: unknown, base: string): unknown {
  const resolve = (address: unknown) => (typeof address === 'string' && isRootRelative(address) ? new URL(address, base).href : address);
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(node)) {
      if (imageFields.has(key)) out[key] = Array.isArray(field) ? field.map(resolve) : resolve(field);
      else out[key] = walk(field);
    }
    return out;
  };
  return walk(value);
}

/**
 * Rewrites the JSON answers of requests `applies` picks (an allowed cross-origin caller). Only those
 * pay for reading and writing the body again; the shop's own calls pass straight through.
 */
export function absoluteImageAddresses(publicUrl: string, applies: (c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (!applies(c)) return next();
    await next();
    const { res } = c;
    if ((res.status !== 200 && res.status !== 201) || !(res.headers.get('content-type') ?? '').startsWith('application/json')) return;
    const body: unknown = await res.json();
    c.res = new Response(JSON.stringify(withAbsoluteImages(body, publicUrl)), res);
    c.res.headers.delete('content-length');
  };
}

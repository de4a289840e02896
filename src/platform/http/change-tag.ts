import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';

/**
 * An ETag for data that changes only through this process (one process serves the shop):
 * a random id per start plus a counter bumped by every write. Any write, or a restart,
 * changes every tag; reads cost nothing to tag.
 */
export function createChangeTag() {
  const boot = randomBytes(4).toString('hex');
  let version = 0;
  return {
    bump: () => {
      version += 1;
    },
    current: () => `W/"${boot}-${version}"`,
  };
}

export type ChangeTag = ReturnType<typeof createChangeTag>;

/**
 * Answers 304 when the browser already has this version, else the JSON with its ETag. `no-cache`
 * makes browsers ask every time; the answer is then usually an empty 304.
 */
export function jsonWithTag(c: Context, tag: ChangeTag, body: () => unknown) {
  const etag = tag.current();
  c.header('ETag', etag);
  c.header('Cache-Control', 'no-cache');
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return c.body(null, 304);
  return c.json(body() as object);
}

import { send, type CallArgs, type CallInput, type HttpClient } from './api-client';
import type { Answer, Params, Query, Route, Row } from './api/contracts';

/**
 * Every list the API sends is paged (limit, offset; the total of matching rows in X-Total-Count).
 * The web asks one page at a time and shows where it is, so a long list never loads whole.
 */

/** Rows per page of every list in the app; the server's default, well under its cap of 200. */
export const PAGE_SIZE = 50;

export type Page<T> = { items: T[]; total: number };

/**
 * The deepest page the server answers: it refuses an offset past 1,000,000 (400, decision 015), so a
 * page typed deeper into the URL is read as this one (an empty page whose pager leads back) rather
 * than as a failure to load the list.
 */
export const MAX_PAGE = 1_000_000 / PAGE_SIZE + 1;

/** Page 1, 2, ... from the URL's `page` parameter; anything else (missing, 0, "x", "1.5") is page 1. */
export function pageNumber(raw: string | null): number {
  return raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Math.min(Number(raw), MAX_PAGE) : 1;
}

/** The limit and offset of a page, in this order (public/prefetch.js asks with the same query string). */
export function pageQuery(page: number, size = PAGE_SIZE): { limit: number; offset: number } {
  return { limit: size, offset: (page - 1) * size };
}

/** The routes that answer a list: a page of it is asked with limit and offset. */
type ListRoute = { [R in Route]: Answer<R> extends ReadonlyArray<unknown> ? ('limit' extends keyof Query<R> ? R : never) : never }[Route];

/**
 * GET `route` with limit and offset (after `query`, in that order), answering the rows and the
 * total. A server without the header (or a bad one) still gives a usable answer: the rows seen so far.
 */
export async function getPage<R extends ListRoute>(
  client: HttpClient,
  route: R,
  paging: { limit: number; offset: number },
  { params, query }: { params?: Params<R>; query?: Omit<Query<R>, 'limit' | 'offset'> } = {},
): Promise<Page<Row<R>>> {
  const input = { params, query: { ...query, limit: paging.limit, offset: paging.offset } } as unknown as CallInput<R>;
  const response = await send(client, route, ...([input] as CallArgs<R>));
  const items = (await response.json()) as Row<R>[];
  return { items, total: totalCount(response.headers.get('X-Total-Count'), paging.offset + items.length) };
}

/** X-Total-Count as a whole number, or `fallback` when it is missing or malformed. */
export function totalCount(header: string | null, fallback: number): number {
  return header !== null && /^\d{1,15}$/.test(header) ? Number(header) : fallback;
}

/** The last page of `total` rows (page 1 when there are none). */
export function lastPage(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

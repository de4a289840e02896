import type { Paged } from '../../shared/page.js';
import type { Context } from 'hono';
import { z } from 'zod';
import { typedDigits } from './wire.js';

/**
 * Paging of every list the API answers (issue 12, decision 015): `limit` (1..200, default 50) and
 * `offset` (0..maxOffset) in the query, the JSON array as before, and the number of matching rows
 * in `X-Total-Count`. Stores read one page with LIMIT/OFFSET over an index plus one COUNT, so a
 * list costs the same however many rows the table holds.
 */
export const defaultPageSize = 50;
export const maxPageSize = 200;
/**
 * OFFSET still walks the skipped index entries: a bound keeps one request's work bounded too.
 * A million rows deep is past anything the shop's pages reach by paging.
 */
export const maxOffset = 1_000_000;


/** `?limit=&offset=`, as numbers written in decimal digits only (ASCII or Bengali) ("1e2", "0x10", " 5" and "" are refused). */
const whole = (min: number, max: number) =>
  typedDigits()
    .regex(/^\d{1,7}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const pageFields = {
  limit: whole(1, maxPageSize).default(defaultPageSize).meta({ description: `Items per page, 1 to ${maxPageSize}; ${defaultPageSize} when absent.` }),
  offset: whole(0, maxOffset).default(0).meta({ description: `Items to skip, 0 to ${maxOffset}; 0 when absent.` }),
};

/** The query of a list route's contract (a route with more parameters extends it). */
export const pageQuerySchema = z.object(pageFields);

/** Sets X-Total-Count (rows matching before paging) and answers the page as the list's JSON array. */
export function sendPage<T, D>(c: Context, page: Paged<T>, toDto: (item: T) => D) {
  c.header('X-Total-Count', String(page.total));
  return c.json(page.items.map(toDto));
}

export const setTotalCount = (c: Context, total: number) => c.header('X-Total-Count', String(total));
